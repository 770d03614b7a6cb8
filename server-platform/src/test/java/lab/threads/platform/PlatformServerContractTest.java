package lab.threads.platform;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
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
        assertNewPlatformThreadPerRequest(firstWave, secondWave);
    }
}
