package lab.threads.pool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.undertow.Undertow;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
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
        assertVirtualThreads(false, firstWave, secondWave);
        Set<String> firstThreads = names(firstWave);
        Set<String> secondThreads = names(secondWave);
        assertTrue(
                firstThreads.containsAll(secondThreads),
                "the second wave reused the first wave's idle threads: " + firstThreads + " then " + secondThreads);
    }

    private static Set<String> names(List<JsonNode> wave) {
        return wave.stream().map(body -> body.get("threadName").asText()).collect(Collectors.toSet());
    }
}
