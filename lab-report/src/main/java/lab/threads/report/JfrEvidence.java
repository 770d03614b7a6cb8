package lab.threads.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a server's JVM recorded during one probe: its pinned events and their top frames, its native samples inside a
 * wait, and the carrier threads it started; a top frame is empty when none.
 */
public record JfrEvidence(int pinnedEvents, String pinnedTop, int nativeSamples, String nativeTop, int carriers) {
    /** The thread group every carrier thread of the virtual-thread scheduler is in (jdk.internal.misc.CarrierThread). */
    static final String CARRIER_GROUP = "CarrierThreads";
    /** The classes of the lab's waits (server-common): a native sample inside one is a thread held in its wait. */
    static final Set<String> WAIT_CLASSES =
            Set.of("lab.threads.common.Waits", "lab.threads.common.Fifos", "lab.threads.common.NativeSleep");

    /** Frames of the scheduler's own machinery, skipped to show where the thread blocked. */
    private static final List<String> MACHINERY =
            List.of("java.lang.VirtualThread.", "jdk.internal.", "java.lang.Continuation", "java.lang.invoke.");

    public static JfrEvidence read(Path recording) throws IOException {
        int pinned = 0;
        int natives = 0;
        int carriers = 0;
        Map<String, Integer> pinnedFrames = new HashMap<>();
        Map<String, Integer> nativeFrames = new HashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                switch (event.getEventType().getName()) {
                    case "jdk.VirtualThreadPinned" -> {
                        pinned++;
                        pinnedFrames.merge(pinnedWhere(event), 1, Integer::sum);
                    }
                    case "jdk.NativeMethodSample" -> {
                        if (inWait(event.getStackTrace())) {
                            natives++;
                            nativeFrames.merge(topFrame(event.getStackTrace()), 1, Integer::sum);
                        }
                    }
                    case "jdk.ThreadStart" -> {
                        RecordedThread thread = event.getThread("thread");
                        if (thread != null
                                && thread.getThreadGroup() != null
                                && CARRIER_GROUP.equals(thread.getThreadGroup().getName())) {
                            carriers++;
                        }
                    }
                    default -> {
                        // other events of the default settings: not evidence here
                    }
                }
            }
        }
        return new JfrEvidence(pinned, mostFrequent(pinnedFrames), natives, mostFrequent(nativeFrames), carriers);
    }

    private static boolean inWait(RecordedStackTrace stack) {
        return stack != null
                && stack.getFrames().stream()
                        .anyMatch(frame -> frame.isJavaFrame()
                                && WAIT_CLASSES.contains(
                                        frame.getMethod().getType().getName()));
    }

    /**
     * Why and where it pinned: the JVM's reason (JDK 24 on), the top frame below the scheduler's machinery and the
     * lab's first frame, "reason: top < ... < lab".
     */
    static String pinnedWhere(RecordedEvent event) {
        String where = topFrame(event.getStackTrace());
        String lab = event.getStackTrace() == null
                ? ""
                : event.getStackTrace().getFrames().stream()
                        .map(JfrEvidence::name)
                        .filter(name -> name.startsWith("lab.threads."))
                        .findFirst()
                        .filter(name -> !name.equals(where))
                        .map(name -> " < ... < " + name)
                        .orElse("");
        return (event.hasField("pinnedReason") ? event.getString("pinnedReason") + ": " : "") + where + lab;
    }

    /** The top frame below the scheduler's own machinery. */
    static String topFrame(RecordedStackTrace stack) {
        return stack == null
                ? "(no stack)"
                : stack.getFrames().stream()
                        .map(JfrEvidence::name)
                        .filter(name -> MACHINERY.stream().noneMatch(name::startsWith))
                        .findFirst()
                        .orElse("(only the scheduler's frames)");
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    private static String mostFrequent(Map<String, Integer> counts) {
        return counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(top -> top.getKey() + " (" + top.getValue() + ")")
                .orElse("");
    }
}
