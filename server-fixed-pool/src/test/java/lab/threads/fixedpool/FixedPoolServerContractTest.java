package lab.threads.fixedpool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;

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
    void twiceThePoolSizeInFlightUsesAtMostThePoolsThreadsAndQueuesTheRest() {
        int requests = 2 * FixedPoolServerMain.THREADS;
        long started = System.nanoTime();
        List<TestHttp.Answer> answers = http().concurrently(requests, "/sleep?ms=300");
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        answers.forEach(answer -> assertEquals(200, answer.status()));
        long threads = answers.stream().map(answer -> answer.json().get("threadName").asText()).distinct().count();
        assertTrue(threads <= FixedPoolServerMain.THREADS, requests + " requests on " + threads + " threads");
        // 200 at a time: the second 200 waited in the queue for a free thread, so the whole took two sleeps at least.
        assertTrue(tookMs >= 600, requests + " x 300 ms answered in " + tookMs + " ms: nothing queued");
    }
}
