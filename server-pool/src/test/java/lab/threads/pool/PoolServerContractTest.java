package lab.threads.pool;

import com.fasterxml.jackson.databind.JsonNode;
import io.undertow.Undertow;
import java.util.List;
import lab.threads.common.ContractSuite;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.Variant;
import lab.threads.undertow.UndertowLoadSettings;

class PoolServerContractTest extends ContractSuite {

    @Override
    protected Variant variant() {
        return Variant.POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return PoolServerMain.start(contract);
    }

    /** The Undertow adapter's stock settings, checked here for every Undertow variant: a bare Undertow's, read back alike. */
    @Override
    protected LoadSettings frameworkDefaults() {
        Undertow bare = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setHandler(exchange -> {})
                .build();
        bare.start();
        try {
            return UndertowLoadSettings.read(bare, ServerSettings.parse(variant(), "--settings=stock"));
        } finally {
            bare.stop();
        }
    }

    @Override
    protected void assertThreadingModel(List<JsonNode> firstWave, List<JsonNode> secondWave) {
        assertPooledPlatformThreads(firstWave, secondWave);
    }
}
