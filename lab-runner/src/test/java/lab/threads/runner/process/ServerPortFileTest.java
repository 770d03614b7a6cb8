package lab.threads.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import lab.threads.common.Variant;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A started server's folder says where it listened ({@link RunFolder#SERVER_PORT_FILE}): the port it was started on,
 * which after a move off a taken port is not the one its options gave. LabRunEndToEndTest checks it against the load
 * line of a real run.
 */
class ServerPortFileTest {

    @TempDir
    Path serverDir;

    @Test
    void theFileHoldsThePortTheServerListensOnAndNothingElse() throws Exception {
        ServerProcess server = new ServerProcess(
                Variant.VIRTUAL, null, URI.create("http://" + ServerProcess.HOST + ":43127"), serverDir.resolve("log"));

        server.writePortTo(serverDir);

        Map<?, ?> written = new ObjectMapper()
                .readValue(serverDir.resolve(RunFolder.SERVER_PORT_FILE).toFile(), Map.class);
        assertEquals(Map.of("port", 43127), written);
        assertEquals(
                List.of(RunFolder.SERVER_PORT_FILE), List.of(serverDir.toFile().list()), "one file");
    }
}
