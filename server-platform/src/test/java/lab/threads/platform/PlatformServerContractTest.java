package lab.threads.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class PlatformServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.PLATFORM;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return PlatformServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        List<JsonNode> all =
                Stream.concat(firstWave.stream(), secondWave.stream()).toList();
        assertVirtualThreads(false, firstWave, secondWave);
        long distinctThreads = all.stream()
                .map(body -> body.get("threadName").asText())
                .distinct()
                .count();
        assertEquals(all.size(), distinctThreads, "a brand-new thread per request, none reused across waves");
    }
}
