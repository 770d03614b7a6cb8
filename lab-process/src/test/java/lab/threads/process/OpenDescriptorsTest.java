package lab.threads.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The count read from the size of /proc/self/fd is the one the JDK's listing gives, and follows each descriptor opened.
 * Isolated: the module's other tests start processes, whose pipes are descriptors of this JVM.
 */
@Isolated
class OpenDescriptorsTest {

    private static final int OPENED = 100;

    private final UnixOperatingSystemMXBean unix =
            (UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    @Test
    void theSizeOfTheTableIsTheListedCountAndFollowsEachDescriptorOpened() throws IOException {
        assumeTrue(OpenDescriptors.sizeOfTable() > 0, "before Linux 6.2 the size of /proc/self/fd is not the count");
        long max = unix.getMaxFileDescriptorCount();
        List<FileInputStream> held = new ArrayList<>();
        try {
            long before = OpenDescriptors.count(unix, max);
            assertEquals(OpenDescriptors.listed(unix, max), before);
            for (int i = 0; i < OPENED; i++) {
                held.add(new FileInputStream("/dev/null"));
            }

            assertEquals(before + OPENED, OpenDescriptors.count(unix, max));
            assertEquals(OpenDescriptors.listed(unix, max), OpenDescriptors.count(unix, max));
        } finally {
            for (FileInputStream stream : held) {
                stream.close();
            }
        }
    }
}
