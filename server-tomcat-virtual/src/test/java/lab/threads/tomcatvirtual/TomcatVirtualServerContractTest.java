package lab.threads.tomcatvirtual;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class TomcatVirtualServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.TOMCAT_VIRTUAL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return TomcatVirtualServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(true, firstWave, secondWave);
    }

    @Override
    protected java.util.Map<String, Integer> frameworksOwnAnswers() {
        return lab.threads.tomcat.TomcatLabServer.OWN_ANSWERS;
    }
}
