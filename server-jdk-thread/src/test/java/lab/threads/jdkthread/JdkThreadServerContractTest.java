package lab.threads.jdkthread;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

/**
 * Lab settings only: the JDK reads its limits once per JVM, so the stock checks run in server-jdk's
 * JdkStockSettingsTest, in a JVM of their own (frameworkDefaults() stays null here).
 */
class JdkThreadServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.JDK_THREAD;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return JdkThreadServerMain.start(contract);
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertNewPlatformThreadPerRequest(firstWave, secondWave);
    }

    /** The JDK's HttpServer accepts on its dispatcher thread with no hook: the kernel's accept queue and the wait to be read stay one part. */
    @Override
    protected boolean stampsAccept() {
        return false;
    }
}
