package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import lab.threads.jmeter.home.JMeterHome;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller's counts of a distributed run, as the workers' samples reach it. */
class SampleCounterTest {

    private static final String FIRST = "127.0.0.1:21101";
    private static final String SECOND = "127.0.0.1:21102";
    /** A prefix of FIRST's users' names: its samples must not count for it. */
    private static final String PREFIX_OF_FIRST = "127.0.0.1:2110";

    @BeforeAll
    static void prepareJMeter(@TempDir Path dir) throws IOException {
        JMeterHome.prepare(dir.resolve("jmeter-home"), dir.resolve("jmeter.log"));
    }

    @Test
    void activeUsersAreEachRunningWorkersCountInItsLatestSample() {
        SampleCounter counter = new SampleCounter();
        assertEquals(0, counter.activeUsers(), "no test, no user");
        counter.testStarted(FIRST);
        counter.testStarted(SECOND);
        counter.testStarted(PREFIX_OF_FIRST);
        assertEquals(0, counter.activeUsers(), "started, no sample yet");

        counter.sampleOccurred(sample(FIRST, 1_000, 5));
        counter.sampleOccurred(sample(SECOND, 1_000, 7));
        assertEquals(12, counter.activeUsers());
        counter.sampleOccurred(sample(FIRST, 900, 9));
        assertEquals(12, counter.activeUsers(), "an older sample heard later changes nothing");
        counter.sampleOccurred(sample(FIRST, 2_000, 3));
        assertEquals(10, counter.activeUsers());
        counter.sampleOccurred(sample(PREFIX_OF_FIRST, 2_000, 4));
        assertEquals(14, counter.activeUsers());

        counter.testEnded(FIRST);
        assertEquals(11, counter.activeUsers(), "an ended worker has no user left");
        counter.testEnded(SECOND);
        counter.testEnded(PREFIX_OF_FIRST);
        assertEquals(0, counter.activeUsers());
        assertEquals(5, counter.samples());
    }

    /** A sample of a user of {@code worker}, named as JMeter names a worker's users, ending at {@code endMs}. */
    private static SampleEvent sample(String worker, long endMs, int workerUsers) {
        SampleResult result = new SampleResult(endMs - 100, 100);
        result.setThreadName(worker + "-Users 1-" + workerUsers);
        result.setAllThreads(workerUsers);
        result.setSuccessful(true);
        return new SampleEvent(result, "Users");
    }
}
