package lab.threads.report;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.text.ParseException;
import java.util.concurrent.Executors;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import lab.threads.run.JfrSettings;

/**
 * A recording made in this JVM with the lab's own lab.jfc, of a small program that does on purpose what the report
 * must find: a platform thread burning the CPU in one method, a virtual thread pinned to its carrier, allocation, a
 * collection.
 * Made once per test JVM and copied where a test needs it.
 */
public final class RecordingFixture {

    /** The method that holds the CPU while recording. */
    public static final String HOT_METHOD = "burnTheCpuOnPurpose";
    /** The method a virtual thread blocks in, called back from native code. */
    public static final String PINNING_METHOD = "sleepInsideANativeCallback";

    private static final long BURN_NANOS = 1_500_000_000L;
    private static final long PIN_MILLIS = 50;
    private static final int ALLOCATIONS = 64;
    private static final int ALLOCATION_BYTES = 1024 * 1024;
    /** One per test JVM: lab-report's tests run in two at once, and each makes its own. */
    private static final Path MADE = Path.of(
                    "target", "recording-fixture-" + ProcessHandle.current().pid(), "fixture.jfr")
            .toAbsolutePath();

    private static volatile long sink;

    private RecordingFixture() {}

    /** Copies the recording to {@code jfr}, making it on first use. @return {@code jfr} */
    public static synchronized Path copyTo(Path jfr) throws IOException {
        if (!Files.exists(MADE)) {
            record();
        }
        Files.createDirectories(jfr.toAbsolutePath().getParent());
        return Files.copy(MADE, jfr, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void record() throws IOException {
        try (Recording recording = new Recording(Configuration.create(JfrSettings.copyTo(MADE.getParent())))) {
            recording.start();
            Thread hot = Thread.ofPlatform().name("hot-on-purpose").start(RecordingFixture::burnTheCpuOnPurpose);
            hot.join();
            pinAVirtualThread();
            allocateOnPurpose();
            System.gc();
            recording.stop();
            recording.dump(MADE);
        } catch (ParseException | InterruptedException e) {
            throw new IllegalStateException("cannot record the fixture", e);
        }
    }

    private static void burnTheCpuOnPurpose() {
        long x = 0;
        for (long end = System.nanoTime() + BURN_NANOS; System.nanoTime() < end; ) {
            for (int i = 0; i < 100_000; i++) {
                x += i * 31L ^ (x >>> 3);
            }
        }
        sink = x;
    }

    /**
     * Arrays too large for a thread-local allocation buffer, so each is allocated outside one and the JVM samples it:
     * the rest of the fixture allocates too little for a sample to be certain (a CI machine once recorded none).
     */
    private static void allocateOnPurpose() {
        long total = 0;
        for (int i = 0; i < ALLOCATIONS; i++) {
            byte[] array = new byte[ALLOCATION_BYTES];
            array[i] = (byte) i;
            total += array[i];
        }
        sink += total;
    }

    /**
     * A virtual thread that blocks with a native frame on its stack cannot unmount, JEP 491 or not (that JEP freed
     * {@code synchronized} only): libc's {@code qsort} calls our comparator back, and it sleeps.
     */
    private static void pinAVirtualThread() throws InterruptedException {
        Linker linker = Linker.nativeLinker();
        MethodHandle qsort = linker.downcallHandle(
                linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofShared();
                var virtualThreads = Executors.newVirtualThreadPerTaskExecutor()) {
            MethodHandle compare = MethodHandles.lookup()
                    .findStatic(
                            RecordingFixture.class,
                            PINNING_METHOD,
                            MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
            MemorySegment comparator = linker.upcallStub(
                    compare,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
                    arena);
            MemorySegment twoInts = arena.allocate(ValueLayout.JAVA_INT, 2);
            virtualThreads
                    .submit(() -> {
                        try {
                            qsort.invokeExact(twoInts, 2L, ValueLayout.JAVA_INT.byteSize(), comparator);
                        } catch (Throwable e) {
                            throw new IllegalStateException(e);
                        }
                    })
                    .get();
        } catch (ReflectiveOperationException | java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot pin a virtual thread", e);
        }
    }

    private static int sleepInsideANativeCallback(MemorySegment left, MemorySegment right) {
        try {
            Thread.sleep(PIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
