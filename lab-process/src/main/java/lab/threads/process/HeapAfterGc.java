package lab.threads.process;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap in use right after the latest collection, young or old: what survived it, so a leak shows as this
 * figure's slope while the heap's use only saws up and down between collections. From the JVM's GC notifications,
 * since a heap pool's own "collection usage" of G1's old generation is updated only by old collections: through a
 * run of young ones it still reads what the last old one left, however much the old generation holds since.
 */
public final class HeapAfterGc {
    private static final AtomicLong LATEST = new AtomicLong(-1);
    private static final Set<String> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP)
            .map(MemoryPoolMXBean::getName)
            .collect(Collectors.toSet());

    static {
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(
                        (notification, handback) -> {
                            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                                    notification.getType())) {
                                LATEST.set(GarbageCollectionNotificationInfo.from(
                                                (CompositeData) notification.getUserData())
                                        .getGcInfo()
                                        .getMemoryUsageAfterGc()
                                        .entrySet()
                                        .stream()
                                        .filter(pool -> HEAP_POOLS.contains(pool.getKey()))
                                        .mapToLong(pool -> pool.getValue().getUsed())
                                        .sum());
                            }
                        },
                        null,
                        null);
            }
        }
    }

    private HeapAfterGc() {}

    /** Starts listening; the server calls it at start so that no collection goes unseen. */
    public static void watch() {
        // The static initializer does the work.
    }

    /** Bytes in use after the latest collection; -1 before the first. */
    public static long latest() {
        return LATEST.get();
    }
}
