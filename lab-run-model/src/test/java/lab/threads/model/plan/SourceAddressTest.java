package lab.threads.model.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** --source-address: its values and what the users bind towards each kind of server. */
class SourceAddressTest {

    @Test
    void perUserGivesEachUserALoopbackAddressOnlyTowardsLoopback() {
        SourceAddress perUser = SourceAddress.parse("per-user");

        assertEquals(SourceAddress.Choice.PER_USER, perUser.towards("127.0.0.1"));
        // A 127.x source reaches neither another host nor IPv6's loopback: the kernel picks there.
        assertEquals(SourceAddress.Choice.SYSTEM, perUser.towards("192.0.2.1"));
        assertEquals(SourceAddress.Choice.SYSTEM, perUser.towards("::1"));
    }

    @Test
    void systemAndOneAddressStayAsGivenAndAreWrittenAsGiven() {
        assertEquals(SourceAddress.Choice.SYSTEM, SourceAddress.parse("system").towards("127.0.0.1"));
        SourceAddress one = SourceAddress.parse(" 127.0.0.2");
        assertEquals(new SourceAddress.Ip("127.0.0.2"), one.towards("127.0.0.1"));
        assertEquals("127.0.0.2", one.word());
        assertEquals("per-user", SourceAddress.Choice.PER_USER.word());
        assertEquals("system", SourceAddress.Choice.SYSTEM.word());
    }

    @Test
    void anythingElseIsRefusedWithTheValuesItTakes() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> SourceAddress.parse("per_user"));
        assertTrue(refused.getMessage().contains("per-user, system or an IP address"), refused.getMessage());
        assertTrue(refused.getMessage().startsWith("--source-address"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SourceAddress.parse("127.${__threadNum}"));
        assertThrows(IllegalArgumentException.class, () -> SourceAddress.parse(""), "given, empty says nothing");
    }
}
