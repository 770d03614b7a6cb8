package lab.threads.virtual;

import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.webserver.ListenerConfig;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;

class VirtualServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return VirtualServerMain.start(contract);
    }

    /** A listener configuration as Helidon makes it with nothing set: its blueprint's defaults. */
    @Override
    protected LoadSettings frameworkDefaults() {
        return VirtualServerMain.loadSettings(ListenerConfig.create());
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertVirtualThreads(true, firstWave, secondWave);
    }
}
