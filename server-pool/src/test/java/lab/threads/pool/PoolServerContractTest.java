package lab.threads.pool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class PoolServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return PoolServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
        Set<String> firstThreads = names(firstWave);
        Set<String> secondThreads = names(secondWave);
        assertTrue(firstThreads.containsAll(secondThreads),
                "the second wave reused the first wave's idle threads: " + firstThreads + " then " + secondThreads);
    }

    private static Set<String> names(List<JsonNode> wave) {
        return wave.stream().map(body -> body.get("threadName").asText()).collect(Collectors.toSet());
    }
}
