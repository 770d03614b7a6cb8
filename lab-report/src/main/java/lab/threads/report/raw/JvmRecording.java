package lab.threads.report.raw;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/** Reads one JVM's recording into its {@link JvmCounts} event by event, in little memory whatever its size. */
final class JvmRecording {

    static final int HOT_FRAMES = 10;
    /** Enough frames to name the code that pinned, few enough to read in a table cell. */
    private static final int PINNED_FRAMES = 5;

    private static final Pattern NATIVE_LIBRARY = Pattern.compile(".*\\.so(\\.\\d+)*");
    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    /** Events async-profiler stamps with its own clock: the span is taken from the JVM's own events only. */
    private static final Set<String> OWN_CLOCK =
            Set.of("jdk.ExecutionSample", "jdk.ActiveRecording", "jdk.ActiveSetting");

    private long cpuSamples;
    private final Map<String, Long> selfSamples = new HashMap<>();
    private long threadsStarted;
    private long virtualThreadsStarted;
    private long pinned;
    private Duration pinnedTime = Duration.ZERO;
    private final Map<PinSite, Long> pinsBySite = new HashMap<>();
    private final Map<PinSite, List<String>> firstStackBySite = new HashMap<>();
    private long submitFailed;
    private long collections;
    private Duration gcPauses = Duration.ZERO;
    private Duration longestGcPause = Duration.ZERO;
    private long allocatedBytes;
    private final Map<Long, Instant> safepointBegins = new HashMap<>();
    private final Map<Long, Instant> safepointEnds = new HashMap<>();
    private Instant first;
    private Instant last;

    private JvmRecording() {}

    static JvmCounts read(Path jfr) throws IOException {
        JvmRecording recording = new JvmRecording();
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                recording.add(file.readEvent());
            }
        }
        return recording.counts();
    }

    private void add(RecordedEvent event) {
        if (!OWN_CLOCK.contains(event.getEventType().getName())) {
            first = first == null || event.getStartTime().isBefore(first) ? event.getStartTime() : first;
            last = last == null || event.getEndTime().isAfter(last) ? event.getEndTime() : last;
        }
        switch (event.getEventType().getName()) {
            case "jdk.ExecutionSample" -> {
                cpuSamples++;
                RecordedStackTrace stack = event.getStackTrace();
                if (stack != null && !stack.getFrames().isEmpty()) {
                    selfSamples.merge(name(stack.getFrames().getFirst()), 1L, Long::sum);
                }
            }
            case "jdk.ThreadStart" -> threadsStarted++;
            case "jdk.VirtualThreadStart" -> virtualThreadsStarted++;
            case "jdk.VirtualThreadPinned" -> addPin(event);
            case "jdk.VirtualThreadSubmitFailed" -> submitFailed++;
            case "jdk.GarbageCollection" -> {
                collections++;
                gcPauses = gcPauses.plus(event.getDuration("sumOfPauses"));
                Duration longest = event.getDuration("longestPause");
                longestGcPause = longest.compareTo(longestGcPause) > 0 ? longest : longestGcPause;
            }
            // A safepoint's begin and end are two events, not always in order in the file: joined at the end.
            case "jdk.SafepointBegin" -> safepointBegins.put(event.getLong("safepointId"), event.getStartTime());
            case "jdk.SafepointEnd" -> safepointEnds.put(event.getLong("safepointId"), event.getEndTime());
            case "jdk.ObjectAllocationSample" -> allocatedBytes += event.getLong("weight");
            default -> {
                // Other events (CPU load, heap summaries, thread ends) are for JDK Mission Control and jfr print.
            }
        }
    }

    private void addPin(RecordedEvent pin) {
        pinned++;
        pinnedTime = pinnedTime.plus(pin.getDuration());
        List<RecordedFrame> frames = callersFrames(pin);
        PinSite site = new PinSite(
                pin.getString("pinnedReason") + " (blocked in " + pin.getString("blockingOperation") + ")",
                frames.isEmpty() ? "" : name(frames.getFirst()));
        pinsBySite.merge(site, 1L, Long::sum);
        firstStackBySite.computeIfAbsent(
                site,
                key -> frames.stream()
                        .limit(PINNED_FRAMES)
                        .map(JvmRecording::line)
                        .toList());
    }

    private JvmCounts counts() {
        double seconds = first == null ? 0 : Duration.between(first, last).toNanos() / 1e9;
        List<JvmCounts.HotFrame> hot = selfSamples.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(HOT_FRAMES)
                .map(frame ->
                        new JvmCounts.HotFrame(frame.getKey(), frame.getValue(), 100.0 * frame.getValue() / cpuSamples))
                .toList();
        JvmCounts.PinnedStack topPinned = pinsBySite.entrySet().stream()
                .max(Map.Entry.<PinSite, Long>comparingByValue()
                        .thenComparing(entry -> entry.getKey().method()))
                .map(entry -> new JvmCounts.PinnedStack(
                        entry.getKey().reason(), entry.getValue(), firstStackBySite.get(entry.getKey())))
                .orElse(null);
        Duration safepoints = safepointBegins.entrySet().stream()
                .filter(begin -> safepointEnds.containsKey(begin.getKey()))
                .map(begin -> Duration.between(begin.getValue(), safepointEnds.get(begin.getKey())))
                .reduce(Duration.ZERO, Duration::plus);
        return new JvmCounts(
                seconds,
                cpuSamples,
                hot,
                threadsStarted,
                virtualThreadsStarted,
                pinned,
                millis(pinnedTime),
                topPinned,
                submitFailed,
                collections,
                millis(gcPauses),
                millis(longestGcPause),
                seconds > 0 ? allocatedBytes / (1024.0 * 1024.0) / seconds : 0,
                safepointBegins.keySet().stream()
                        .filter(safepointEnds::containsKey)
                        .count(),
                millis(safepoints));
    }

    /** Pins are counted by reason and by the first method outside the JDK, as {@code jfr view pinned-threads} does. */
    private record PinSite(String reason, String method) {}

    /** The frames of the code that asked for the pin, outside the JDK; the JDK's own when the pin is all inside it. */
    private static List<RecordedFrame> callersFrames(RecordedEvent pin) {
        RecordedStackTrace stack = pin.getStackTrace();
        List<RecordedFrame> frames = stack == null ? List.of() : stack.getFrames();
        List<RecordedFrame> outsideJdk = frames.stream()
                .filter(frame -> JDK_PACKAGES.stream()
                        .noneMatch(frame.getMethod().getType().getName()::startsWith))
                .toList();
        return outsideJdk.isEmpty() ? frames : outsideJdk;
    }

    /** {@code class.method} for Java; async-profiler's native frames name their library as the class, kernel ones none. */
    private static String name(RecordedFrame frame) {
        String type = frame.getMethod().getType().getName();
        String method = frame.getMethod().getName();
        return frame.getType().equals("Kernel")
                ? method + " [kernel]"
                : NATIVE_LIBRARY.matcher(type).matches() ? method + " [" + type + "]" : type + "." + method;
    }

    private static String line(RecordedFrame frame) {
        return name(frame) + (frame.getLineNumber() > 0 ? " line " + frame.getLineNumber() : "");
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
