package lab.threads.jettypool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class JettyPoolServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.JETTY_POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return JettyPoolServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(false, firstWave, secondWave);
    }

    @Override
    protected java.util.Map<String, Integer> frameworksOwnAnswers() {
        return lab.threads.jetty.JettyLabServer.OWN_ANSWERS;
    }

    /** A bare Jetty's own settings, read from it. */
    @Override
    protected lab.threads.common.LoadSettings frameworkDefaults() {
        return lab.threads.jetty.JettyLoadSettings.defaults();
    }

    /** Jetty's stop closes the connections, then joins its QueuedThreadPool's threads for up to its stop timeout. */
    @Override
    protected long frameworkStopJoinMs() {
        return lab.threads.jetty.JettyLoadSettings.poolStopTimeoutMs();
    }
}
