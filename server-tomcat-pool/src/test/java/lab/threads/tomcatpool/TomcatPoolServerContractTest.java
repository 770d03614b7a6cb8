package lab.threads.tomcatpool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class TomcatPoolServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.TOMCAT_POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return TomcatPoolServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
    }

    @Override
    protected java.util.Map<String, Integer> frameworksOwnAnswers() {
        return lab.threads.tomcat.TomcatLabServer.OWN_ANSWERS;
    }

    /** A bare Tomcat's own settings, read from it. */
    @Override
    protected lab.threads.common.LoadSettings frameworkDefaults() {
        return lab.threads.tomcat.TomcatLoadSettings.defaults();
    }
}
