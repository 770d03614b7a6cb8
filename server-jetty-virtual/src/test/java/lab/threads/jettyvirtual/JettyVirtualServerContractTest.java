package lab.threads.jettyvirtual;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class JettyVirtualServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.JETTY_VIRTUAL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return JettyVirtualServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(true, firstWave, secondWave);
    }

    @Override
    protected java.util.Map<String, Integer> frameworksOwnAnswers() {
        return lab.threads.jetty.JettyLabServer.OWN_ANSWERS;
    }
}
