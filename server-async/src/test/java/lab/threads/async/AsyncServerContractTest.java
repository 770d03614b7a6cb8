package lab.threads.async;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class AsyncServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return AsyncServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
        Set<String> threads = Stream.concat(firstWave.stream(), secondWave.stream())
                .map(body -> body.get("threadName").asText())
                .collect(Collectors.toSet());
        // Undertow starts max(cores, 2) I/O threads: 40 sleeps were answered by those, no thread of their own.
        int ioThreads = Math.max(Runtime.getRuntime().availableProcessors(), 2);
        assertTrue(
                threads.size() <= ioThreads && threads.stream().allMatch(name -> name.contains("I/O")),
                "answered on Undertow's I/O threads only: " + threads);
    }
}
