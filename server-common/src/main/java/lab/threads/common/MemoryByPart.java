package lab.threads.common;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import lab.threads.process.HeapAfterGc;
import lab.threads.process.ProcessMetrics;

/**
 * The server's memory by where it lives ({@code GET /stats/memory}): the live heap, the virtual threads' stacks in it,
 * the platform threads' stacks, the rest of native memory, the resident set and what none of those covers; each in
 * bytes under {@code parts}, or its reason under {@code absent}, never guessed.
 * <p>
 * <p>A forced collection ({@code ?gc=true}) gives the live heap and lets the class histogram count the virtual threads'
 * stacks; both stop the world, so only when asked. Otherwise the heap is what the latest collection left.
 */
final class MemoryByPart {
    static final String HEAP_LIVE = "heapLiveBytes";
    static final String VIRTUAL_THREAD_STACKS = "virtualThreadStackBytes";
    static final String PLATFORM_STACKS_COMMITTED = "platformThreadStackCommittedBytes";
    static final String PLATFORM_STACKS_RESERVED = "platformThreadStackReservedBytes";
    static final String NATIVE_OTHER = "nativeOtherCommittedBytes";
    static final String RSS = "rssBytes";
    static final String RSS_UNACCOUNTED = "rssUnaccountedBytes";

    private static final String NMT_OFF =
            "Native Memory Tracking is off: start the server's JVM with" + " -XX:NativeMemoryTracking=summary";

    private final Map<String, Long> parts = new LinkedHashMap<>();
    private final Map<String, String> absent = new LinkedHashMap<>();

    private MemoryByPart() {}

    /**
     * @param forceGc whether to collect first and walk the heap for the virtual threads' stacks
     * @param inFlight the requests in flight, read beside the memory they hold
     */
    static Map<String, Object> read(boolean forceGc, int inFlight) {
        MemoryByPart memory = new MemoryByPart();
        memory.readHeap(forceGc);
        Optional<NativeMemorySummary> nmt =
                DiagnosticCommand.nativeMemorySummary().flatMap(NativeMemorySummary::parse);
        memory.readNative(nmt);
        memory.readResident();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("inFlight", inFlight);
        body.put("forcedGc", forceGc);
        body.put("parts", memory.parts);
        body.put("absent", memory.absent);
        nmt.ifPresent(summary -> body.put("nativeCommittedByCategory", summary.committedByCategory()));
        return body;
    }

    private void readHeap(boolean forceGc) {
        if (!forceGc) {
            put(HEAP_LIVE, HeapAfterGc.latest(), "no collection yet: ask with ?gc=true");
            absent.put(
                    VIRTUAL_THREAD_STACKS, "asked only with ?gc=true: the class histogram collects and walks the heap");
            return;
        }
        if (DiagnosticCommand.collect().isEmpty()) {
            absent.put(HEAP_LIVE, "this JVM has no DiagnosticCommand MBean to collect with");
        } else {
            parts.put(
                    HEAP_LIVE,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        DiagnosticCommand.classHistogram()
                .map(ClassHistogram::parse)
                .ifPresentOrElse(
                        histogram -> parts.put(VIRTUAL_THREAD_STACKS, histogram.virtualThreadStackBytes()),
                        () -> absent.put(VIRTUAL_THREAD_STACKS, "this JVM has no DiagnosticCommand MBean"));
    }

    private void readNative(Optional<NativeMemorySummary> nmt) {
        if (nmt.isEmpty()) {
            absent.put(PLATFORM_STACKS_COMMITTED, NMT_OFF);
            absent.put(PLATFORM_STACKS_RESERVED, NMT_OFF);
            absent.put(NATIVE_OTHER, NMT_OFF);
            return;
        }
        parts.put(PLATFORM_STACKS_COMMITTED, nmt.get().threadStackCommittedBytes());
        parts.put(PLATFORM_STACKS_RESERVED, nmt.get().threadStackReservedBytes());
        parts.put(NATIVE_OTHER, nmt.get().otherCommittedBytes());
    }

    private void readResident() {
        OptionalLong rss = ProcessMetrics.residentBytes();
        put(RSS, rss.orElse(-1), "no /proc/self/status on this system");
        if (parts.keySet().containsAll(List.of(RSS, HEAP_LIVE, PLATFORM_STACKS_COMMITTED, NATIVE_OTHER))) {
            parts.put(
                    RSS_UNACCOUNTED,
                    parts.get(RSS)
                            - parts.get(HEAP_LIVE)
                            - parts.get(PLATFORM_STACKS_COMMITTED)
                            - parts.get(NATIVE_OTHER));
        } else {
            absent.put(RSS_UNACCOUNTED, "needs the resident set, the live heap and Native Memory Tracking's parts");
        }
    }

    /** A figure that is negative when it could not be read goes under {@code absent} with its reason. */
    private void put(String part, long bytes, String reasonWhenNone) {
        if (bytes >= 0) {
            parts.put(part, bytes);
        } else {
            absent.put(part, reasonWhenNone);
        }
    }
}
