package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import lab.threads.model.samples.Sample;
import lab.threads.report.JtlFixture;
import lab.threads.run.PlanShape;
import org.junit.jupiter.api.Test;

class ArrivalLagTest {

    private static final long SCHEDULE_START = JtlFixture.START;
    /** 10/s for 10 s, no ramp: arrival n is due at n / 10 s. */
    private static final PlanShape PLAN = PlanShape.open(10, 0, 10, 1_000);

    @Test
    void arrivalsOnTheirDueTimesAreNotLate() {
        ArrivalLag lag = new ArrivalLag();
        for (int n = 1; n <= 100; n++) {
            lag.accept(startedAt(n * 100L));
        }

        ArrivalLag.Lateness lateness = lag.against(PLAN, SCHEDULE_START);

        assertEquals(0, lateness.worstSeconds(), 1e-9);
        assertEquals(0, lateness.afterSchedule());
        assertEquals(100, lateness.arrivals());
        assertFalse(lateness.clientFellBehind());
    }

    @Test
    void aClientThatStoppedStartingForFourSecondsIsThatLateAndSpillsPastTheSchedule() {
        ArrivalLag lag = new ArrivalLag();
        for (int n = 1; n <= 100; n++) {
            // Nothing started from 3 s to 7 s: the 40 due then start at 7 s, and the rest stay 2 s behind.
            long due = n * 100L;
            lag.accept(startedAt(due <= 3_000 ? due : due <= 7_000 ? 7_000 : due + 2_000));
        }

        ArrivalLag.Lateness lateness = lag.against(PLAN, SCHEDULE_START);

        assertEquals(3.9, lateness.worstSeconds(), 1e-9, "the 31st was due at 3.1 s and started at 7 s");
        assertEquals(6.9, lateness.worstAtSecond(), 1e-9, "on the run's axis, second 0 = the first start at 0.1 s");
        assertEquals(
                10,
                lateness.afterSchedule(),
                "due 9.1-10 s, started 11.1-12 s: more than 1 s after the schedule's 10 s");
        assertEquals(9.9, lateness.scheduleEndAtSecond(), 1e-9);
        assertTrue(lateness.clientFellBehind());
    }

    @Test
    void aClosedPlanHasNoSchedule() {
        ArrivalLag lag = new ArrivalLag();
        lag.accept(startedAt(0));

        assertNull(lag.against(PlanShape.closed(10, 1, 1, 1_000), SCHEDULE_START));
        assertNull(new ArrivalLag().against(PLAN, SCHEDULE_START));
    }

    private static Sample startedAt(long msAfterScheduleStart) {
        return new Sample(SCHEDULE_START + msAfterScheduleStart, 1_000, "200", "", true, 100, 50, 1, 0, null, null);
    }
}
