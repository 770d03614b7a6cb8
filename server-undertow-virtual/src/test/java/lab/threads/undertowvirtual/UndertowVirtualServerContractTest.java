package lab.threads.undertowvirtual;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class UndertowVirtualServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.UNDERTOW_VIRTUAL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return UndertowVirtualServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(true, firstWave, secondWave);
    }
}
