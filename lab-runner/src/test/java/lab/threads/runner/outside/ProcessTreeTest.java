package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A guest's process read from outside: threads' context switches summed over their lives, descriptors, limits. */
class ProcessTreeTest {

    private static String status(long voluntary, long involuntary) {
        return "Name:\tjava\nvoluntary_ctxt_switches:\t" + voluntary + "\nnonvoluntary_ctxt_switches:\t" + involuntary
                + "\n";
    }

    @Test
    void switchesOfEndedThreadsAndOfReusedIdsAreKept() {
        ThreadSwitches switches = new ThreadSwitches();
        switches.see(10, status(100, 5));
        switches.see(11, status(40, 2));
        switches.see(10, status(150, 7)); // the same thread, later
        switches.see(11, status(3, 0)); // a new thread under an id the kernel gave again
        assertEquals(150 + 40 + 3, switches.voluntary());
        assertEquals(7 + 2 + 0, switches.involuntary());
    }

    @Test
    void theOpenFilesLimitIsTheSoftOne() {
        String limits = "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max processes             unlimited            unlimited            processes\n"
                + "Max open files            20000                20000                files\n";
        assertEquals(Optional.of(20000L), ProcessTreeProbe.openFilesLimit(limits));
        assertEquals(
                Optional.empty(),
                ProcessTreeProbe.openFilesLimit("Max open files            unlimited            unlimited  files\n"));
    }

    @Test
    void thisJvmReadAsAGuestHasItsThreadsDescriptorsAndSwitches() throws Exception {
        Map<String, Object> line =
                new ProcessTreeProbe(ProcessHandle.current().pid()).sample().orElseThrow();
        assertTrue(((Number) line.get("osThreads")).longValue() > 1, line.toString());
        assertTrue(((Number) line.get("openFiles")).longValue() > 0, line.toString());
        assertTrue(((Number) line.get("voluntaryContextSwitches")).longValue() > 0, line.toString());
        assertEquals(1, ((Number) line.get("processes")).intValue(), "no child: " + line);
    }
}
