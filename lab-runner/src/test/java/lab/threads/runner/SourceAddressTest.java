package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.machine.SourceAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --source-address: its values, its default, and what the plan is told towards each kind of server. */
class SourceAddressTest {

    @TempDir
    Path out;

    @Test
    void perUserGivesEachUserALoopbackAddressOnlyTowardsLoopback() {
        SourceAddress perUser = SourceAddress.parse("per-user");

        assertEquals("127.${__threadNum}", perUser.propertyTowards("127.0.0.1"));
        assertTrue(perUser.perUserTowards("127.0.0.1"));
        // A 127.x source reaches neither another host nor IPv6's loopback: the kernel picks there.
        assertEquals("", perUser.propertyTowards("192.0.2.1"));
        assertEquals("", perUser.propertyTowards("::1"));
        assertFalse(perUser.perUserTowards("192.0.2.1"));
    }

    @Test
    void systemAndOneAddressPassAsJMeterTakesThem() {
        assertEquals("", SourceAddress.parse("system").propertyTowards("127.0.0.1"));
        assertEquals("127.0.0.2", SourceAddress.parse("127.0.0.2").propertyTowards("127.0.0.1"));
        assertFalse(SourceAddress.parse("127.0.0.2").perUserTowards("127.0.0.1"));
    }

    @Test
    void anythingElseIsRefusedWithTheValuesItTakes() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> SourceAddress.parse("per_user"));
        assertTrue(refused.getMessage().contains("per-user, system or an IP address"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SourceAddress.parse("127.${__threadNum}"));
    }

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
        return ((LabCommand) cli.getCommand()).options().plan().properties().get(SourceAddress.PLAN_PROPERTY);
    }
}
