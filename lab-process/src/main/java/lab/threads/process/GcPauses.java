package lab.threads.process;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * This JVM's stop-the-world GC pauses since it started, from the collectors' {@link GarbageCollectionNotificationInfo}
 * notifications: how many, their total and the longest. Pauses that ended before {@link #watch()} (each client calls it
 * first thing) are taken from the pause collectors' beans instead: their count and total time, and as longest only
 * each collector's last one ({@code getLastGcInfo}), as the beans keep no other.
 *
 * <p>What counts as a pause, by the notification's {@code gcAction} (seen on Java 25 with each collector):
 * <ul>
 *   <li>G1: "G1 Young Generation" ({@code end of minor GC}) and "G1 Old Generation" ({@code end of major GC}, full
 *       GCs), and also "G1 Concurrent GC" ({@code end of concurrent GC pause}): that bean does not report the
 *       concurrent marking but its two stop-the-world pauses, Remark and Cleanup (one notification each, matched
 *       against {@code -Xlog:gc}'s "Pause Remark" and "Pause Cleanup" lines);</li>
 *   <li>ZGC: "ZGC Minor Pauses" and "ZGC Major Pauses" ({@code end of GC pause}), not "ZGC ... Cycles";</li>
 *   <li>Shenandoah: "Shenandoah Pauses" (the pause's name as action: {@code Init Mark}, {@code Final Mark} ...), not
 *       "Shenandoah Cycles";</li>
 *   <li>Parallel and Serial: every collection ({@code end of minor GC}, {@code end of major GC}).</li>
 * </ul>
 * So: every notification but a concurrent cycle's ({@code end of GC cycle}, the "... Cycles" beans) is a pause.
 * Durations are the notification's, in whole milliseconds: sub-millisecond pauses (ZGC's, Shenandoah's, G1's
 * Cleanup) count in {@code gcPauses} but add about nothing to {@code gcPauseMs}.
 */
public final class GcPauses {

    /** The {@code gcAction} of a concurrent cycle's notification, which is no pause. */
    static final String CONCURRENT_CYCLE = "end of GC cycle";

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    /** Per collector, the collections its bean had counted at {@link #watch()}: already in the totals. */
    private final Map<String, Long> countedBefore = new HashMap<>();

    private final NotificationListener listener = this::handle;
    // Notifications come one at a time on the JVM's "Notification Thread"; snapshots are taken on another thread.
    private long count;
    private long totalMs;
    private long maxMs;

    private GcPauses() {}

    /** Starts counting this JVM's pauses, with those it already took. */
    public static GcPauses watch() {
        GcPauses pauses = new GcPauses();
        synchronized (pauses) {
            for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
                // Listen first, then read the bean: a pause ending in between is in both, and the notification's
                // id (the collector's count of collections) tells it apart.
                if (bean instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener(pauses.listener, null, null);
                    pauses.emitters.add(emitter);
                }
                pauses.countBefore(bean);
            }
        }
        return pauses;
    }

    /** Call holding the lock. */
    private void countBefore(GarbageCollectorMXBean bean) {
        long collections = bean.getCollectionCount();
        if (!isPauseCollector(bean.getName()) || collections <= 0) {
            return;
        }
        countedBefore.put(bean.getName(), collections);
        count += collections;
        totalMs += Math.max(0, bean.getCollectionTime());
        if (bean instanceof com.sun.management.GarbageCollectorMXBean details && details.getLastGcInfo() != null) {
            maxMs = Math.max(maxMs, details.getLastGcInfo().getDuration());
        }
    }

    public record Totals(long count, long totalMs, long maxMs) {}

    public synchronized Totals totals() {
        return new Totals(count, totalMs, maxMs);
    }

    /** Whether a collector's notification is a stop-the-world pause (see the class comment). */
    static boolean isPause(String gcName, String gcAction) {
        return !CONCURRENT_CYCLE.equals(gcAction) && isPauseCollector(gcName);
    }

    /** Whether every collection a collector's bean counts is a pause: all but ZGC's and Shenandoah's cycles. */
    static boolean isPauseCollector(String gcName) {
        return !gcName.endsWith(" Cycles");
    }

    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // already gone
            }
        }
    }

    private void handle(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        if (isPause(info.getGcName(), info.getGcAction())) {
            add(info.getGcName(), info.getGcInfo().getId(), info.getGcInfo().getDuration());
        }
    }

    private synchronized void add(String gcName, long id, long durationMs) {
        if (id <= countedBefore.getOrDefault(gcName, 0L)) {
            return; // ended before watch() read the beans: already counted
        }
        count++;
        totalMs += durationMs;
        maxMs = Math.max(maxMs, durationMs);
    }
}
