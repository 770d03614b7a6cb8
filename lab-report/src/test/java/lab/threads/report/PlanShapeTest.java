package lab.threads.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ideal against a hand computation: the last user starts rampUp x (users - 1) / users after the first. */
class PlanShapeTest {

    @ParameterizedTest(name = "{0} users, {1} s ramp-up, {2} x {3} ms: {5} s, {6} req/s")
    @CsvSource({
            // users, ramp-up, loops, sleep, ideal samples, ideal seconds (by hand), ideal req/s (by hand)
            "20000, 20, 3, 6000, 60000, 37.999,      1578.9889",   // 19.999 + 18
            "50,    2,  2, 1000, 100,   3.96,        25.2525",     // 1.96 + 2
            "300,   5,  2, 1000, 600,   6.983333333, 85.9189",     // 4.98333 + 2
            "1000,  0,  5, 200,  5000,  1.0,         5000.0",      // all at once
            "1,     10, 1, 500,  1,     0.5,         2.0"})        // a lone user starts at once, whatever the ramp-up
    void idealByHand(int users, double rampUp, int loops, long sleepMs, long samples, double seconds, double throughput) {
        PlanShape plan = new PlanShape(users, rampUp, loops, sleepMs);
        assertEquals(samples, plan.idealSamples());
        assertEquals(seconds, plan.idealDurationSeconds(), 1e-6);
        assertEquals(throughput, plan.idealThroughput(), 1e-4);
    }

    @ParameterizedTest(name = "{0} successes, run {1} ms from the schedule start: {2}%")
    @CsvSource({
            "100, 3960, 100.0",     // the smoke plan, perfect: ends exactly 3.96 s after the schedule began
            "100, 3797, 104.29",    // measured from a first sample 163 ms late, the old way: above 100
            "100, 7920, 50.0",      // every request twice the sleep's time
            "50,  3960, 50.0"})     // half of them failed
    void percentOfIdealFromTheScheduleStart(long successes, long runMs, double percent) {
        assertEquals(percent, new PlanShape(50, 2, 2, 1_000).percentOfIdeal(successes, 0, runMs), 0.01);
    }
}
