package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.report.JtlFixture;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which side ran out of its own cores, from the outside /proc series of each process. */
class CoreUseTest {
    private static final long T = JtlFixture.START;

    @TempDir
    Path dir;

    @Test
    void withEachSideOnItsOwnCpuTheFindingNamesTheSideThatKeptItsOwnBusy() throws IOException {
        // The client burns its one CPU for 10 of 20 s; the server uses 30% of its own throughout.
        write(RunFolder.CLIENT_PROC_FILE, "0", second -> second < 10 ? 990 : 400);
        write(RunFolder.SERVER_PROC_FILE, "1", second -> 300);

        CoreUse use = CoreUse.read(dir, T, T + 20_000);

        assertTrue(use.pinned());
        assertEquals(10, use.clientBusy());
        assertEquals(0, use.serverBusy());
        assertEquals(
                "own cores: the client kept its CPU 0 at least 95% busy for 10 s, the server its CPU 1 for 0 s: "
                        + "the client ran out of its cores first",
                use.finding());
    }

    @Test
    void onSharedCoresThereIsNoSideToNameAndTheMachineFindingStays() throws IOException {
        write(RunFolder.CLIENT_PROC_FILE, "0-1", second -> 1_990);
        write(RunFolder.SERVER_PROC_FILE, "0-1", second -> 10);

        assertFalse(CoreUse.read(dir, T, T + 20_000).pinned());
        assertFalse(
                CoreUse.read(dir.resolve("nothing-here"), T, T + 20_000).pinned(), "no proc files: shared, as before");
    }

    /** One line a second for 21 s; {@code cpuMsPerSecond} of CPU used in each second. */
    private void write(String file, String cpus, java.util.function.IntUnaryOperator cpuMsPerSecond)
            throws IOException {
        long[] cpu = {0};
        String lines = IntStream.rangeClosed(0, 20)
                .mapToObj(second -> {
                    if (second > 0) {
                        cpu[0] += cpuMsPerSecond.applyAsInt(second - 1);
                    }
                    return String.format(
                            "{\"sampledAtMs\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":0,\"cpus\":\"%s\",\"cores\":%d}",
                            T + second * 1_000L, cpu[0], cpus, cpus.contains("-") ? 2 : 1);
                })
                .collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(dir.resolve(file), lines);
    }
}
