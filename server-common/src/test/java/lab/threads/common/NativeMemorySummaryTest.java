package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** NMT's summary as a JDK 25 wrote it ({@code VM.native_memory summary}, captured from a JVM with threads asleep). */
class NativeMemorySummaryTest {

    static String captured(String name) throws IOException {
        try (InputStream in = NativeMemorySummaryTest.class.getResourceAsStream("/memory/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheThreadStacksAndEachCategoryInBytes() throws IOException {
        NativeMemorySummary summary =
                NativeMemorySummary.parse(captured("nmt-summary.txt")).orElseThrow();

        assertEquals(43008L * 1024, summary.threadStackReservedBytes());
        assertEquals(3240L * 1024, summary.threadStackCommittedBytes());
        assertEquals(231658L * 1024, summary.committedBytes());
        assertEquals(131072L * 1024, summary.committedByCategory().get("Java Heap"));
        assertEquals(3389L * 1024, summary.committedByCategory().get("Thread"));
        assertEquals(998L * 1024, summary.committedByCategory().get("Native Memory Tracking"));
    }

    @Test
    void theRestIsTheTotalWithoutTheHeapAndTheStacks() throws IOException {
        NativeMemorySummary summary =
                NativeMemorySummary.parse(captured("nmt-summary.txt")).orElseThrow();

        assertEquals((231658L - 131072 - 3240) * 1024, summary.otherCommittedBytes());
    }

    @Test
    void aJvmWithoutTrackingHasNoSummary() throws IOException {
        assertTrue(NativeMemorySummary.parse(captured("nmt-off.txt")).isEmpty());
        assertTrue(NativeMemorySummary.parse("").isEmpty());
    }

    @Test
    void readsEveryUnitNmtScalesTo() {
        String text = """
                Total: reserved=2GB, committed=3MB
                -                    Thread (reserved=5MB, committed=700KB)
                                            (stack: reserved=4MB, committed=512B)
                """;
        NativeMemorySummary summary = NativeMemorySummary.parse(text).orElseThrow();

        assertEquals(3L << 20, summary.committedBytes());
        assertEquals(4L << 20, summary.threadStackReservedBytes());
        assertEquals(512, summary.threadStackCommittedBytes());
        assertEquals(700L << 10, summary.committedByCategory().get("Thread"));
    }
}
