package lab.threads.undertowvirtual;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
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
        assertTrue(Stream.concat(firstWave.stream(), secondWave.stream()).allMatch(body -> body.get("virtualThread").asBoolean()),
                "every request slept on a virtual thread");
    }
}
