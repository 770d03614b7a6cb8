package lab.threads.jmeter.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import org.junit.jupiter.api.Test;

/** The address a worker listens on and gives controllers: one this machine answers on. */
class JMeterWorkerMainTest {

    @Test
    void everyLoopbackAddressIsThisMachines() {
        // Linux answers on the whole of 127.0.0.0/8, though its lo lists only 127.0.0.1.
        for (String address : new String[] {"127.0.0.1", "127.0.0.2", "127.1.2.3", "127.255.255.254"}) {
            assertEquals(address, JMeterWorkerMain.ownAddress(address));
        }
        assertEquals("127.0.0.1", JMeterWorkerMain.ownAddress("localhost"));
    }

    @Test
    void anAddressOfAnotherMachineIsRefused() throws IOException {
        String documentation = "192.0.2.1"; // TEST-NET-1: never a host's
        assumeTrue(NetworkInterface.getByInetAddress(InetAddress.getByName(documentation)) == null);
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> JMeterWorkerMain.ownAddress(documentation));
        assertEquals(
                "--rmi-hostname 192.0.2.1 is not an address of this machine: give one of its own (ip -brief address) "
                        + "or of 127.0.0.0/8, the one controllers reach it at.",
                refused.getMessage());
    }
}
