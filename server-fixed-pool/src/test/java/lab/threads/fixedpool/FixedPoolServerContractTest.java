package lab.threads.fixedpool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

class FixedPoolServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.FIXED_POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return FixedPoolServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ)
    void twiceThePoolSizeInFlightUsesAtMostThePoolsThreadsAndQueuesTheRest() {
        int pool = 200; // --pool-threads' default
        int requests = 2 * pool;
        long started = System.nanoTime();
        List<TestHttp.Answer> answers = http().concurrently(requests, "/sleep?ms=300");
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        answers.forEach(answer -> assertEquals(200, answer.status()));
        long threads = answers.stream()
                .map(answer -> answer.json().get("threadName").asText())
                .distinct()
                .count();
        assertTrue(threads <= pool, requests + " requests on " + threads + " threads");
        // 200 at a time: the second 200 waited in the queue for a free thread, so the whole took two sleeps at least.
        assertTrue(tookMs >= 600, requests + " x 300 ms answered in " + tookMs + " ms: nothing queued");
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(value = SERVER, mode = ResourceAccessMode.READ_WRITE)
    @ResourceLock(value = FILES, mode = ResourceAccessMode.READ_WRITE)
    void withTwoThreadsTheRestWaitForOneAndTheRequestLogShowsThatWait(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("requests.csv");
        SleepContract contract = new SleepContract(
                variant(),
                lab.threads.common.ServerSettings.parse(
                        variant(), "--port=0", "--pool-threads=2", "--request-log=" + file));
        LabServer server = start(contract);
        try {
            new TestHttp(server.port())
                    .concurrently(6, "/sleep?ms=300&rid=x")
                    .forEach(answer -> assertEquals(200, answer.status()));
        } finally {
            server.stop();
            contract.close();
        }
        // Six 300 ms sleeps on two threads: three waves, so four requests waited at least one sleep for a thread.
        List<Long> waitsMs = java.nio.file.Files.readAllLines(file).stream()
                .skip(1)
                .map(line -> line.split(","))
                .map(fields -> (Long.parseLong(fields[3]) - Long.parseLong(fields[2])) / 1000)
                .sorted()
                .toList();
        assertEquals(6, waitsMs.size(), waitsMs::toString);
        assertTrue(waitsMs.get(1) < 150, "two started at once: " + waitsMs);
        assertTrue(waitsMs.get(2) >= 250 && waitsMs.get(4) >= 550, "the others waited a sleep or two: " + waitsMs);
    }
}
