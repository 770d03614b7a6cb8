package lab.threads.process;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This process's open descriptors, counted exactly at every reading: nothing is estimated, carried over or read less
 * often, so the peak of a client's readings once a second is as true as it was when each reading listed them.
 *
 * <p>Linux 6.2 and later give the count as the size of {@code /proc/self/fd}: one {@code stat}, for which the kernel
 * counts the set bits of its table's bitmap, 64 descriptors to a word. Listing the directory, the JDK's count, reads
 * one entry per descriptor, and a client holds one per connection. The {@code stat} needs no descriptor of its own
 * either, so with every one in use it still answers: the limit. Where the size is 0 (before 6.2) or there is no
 * {@code /proc}, the count is the JDK's.
 */
final class OpenDescriptors {

    private static final Path TABLE = Path.of("/proc/self/fd");

    private OpenDescriptors() {}

    /** @param max the process's limit: the count when every descriptor is in use and a listing cannot open the directory */
    static long count(UnixOperatingSystemMXBean unix, long max) {
        long size = sizeOfTable();
        return size > 0 ? size : listed(unix, max);
    }

    /** The size of /proc/self/fd: the count on Linux 6.2 and later, 0 before; 0 where there is no such directory. */
    static long sizeOfTable() {
        try {
            return Files.size(TABLE);
        } catch (IOException | UnsupportedOperationException e) {
            return 0;
        }
    }

    /**
     * The JDK counts the entries of /proc/self/fd, which needs a descriptor of its own: with every one in use it throws
     * (errno 24, EMFILE) instead of answering. The count is then the limit, and the snapshot goes on.
     */
    static long listed(UnixOperatingSystemMXBean unix, long max) {
        try {
            return unix.getOpenFileDescriptorCount();
        } catch (InternalError outOfDescriptors) {
            return max;
        }
    }
}
