package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import lab.threads.model.plan.PlanKey;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --source-address on ./lab run: its default and the command line's word as run.json records it. */
class SourceAddressTest {

    @TempDir
    Path out;

    @Test
    void theBundledPlansDefaultToPerUserAndTheCommandLineOverrides() throws Exception {
        assertEquals("per-user", sourceProperty("--plan=talk"));
        assertEquals("per-user", sourceProperty("--plan=open"));
        assertEquals("system", sourceProperty("--plan=smoke", "--source-address=system"));
        assertEquals("127.0.0.9", sourceProperty("--plan=smoke", "-Jsource_address=127.0.0.9"));
        // A plan without the property (Hyperfoil's throughput plan here; any .jmx of a user's) is left as it is.
        assertEquals(null, sourceProperty("--plan=throughput", "--client=hyperfoil"));
        assertThrows(IllegalArgumentException.class, () -> sourceProperty("--plan=talk", "--source-address=any"));
    }

    private String sourceProperty(String... arguments) throws Exception {
        var cli = LabCommand.commandLine();
        String[] withOut = java.util.Arrays.copyOf(arguments, arguments.length + 1);
        withOut[arguments.length] = "--out=" + out;
        cli.parseArgs(withOut);
        return ((LabCommand) cli.getCommand()).options().plan().properties().get(PlanKey.SOURCE_ADDRESS.property());
    }
}
