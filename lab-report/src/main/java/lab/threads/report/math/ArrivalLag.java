package lab.threads.report.math;

import java.util.Arrays;
import java.util.function.Consumer;
import lab.threads.model.samples.Sample;
import lab.threads.run.PlanShape;

/** How far an open run's client fell behind its schedule: late, the rate the server saw was the client's. */
public final class ArrivalLag implements Consumer<Sample> {

    /** An arrival this late was the client's doing, beyond what a client with CPU to spare reaches. */
    static final double LATE_FLAG_SECONDS = 1.0;

    private long[] starts = new long[1024];
    private int count;

    /**
     * @param worstAtSecond       when the latest arrival started, in seconds since the run's first sample start
     * @param afterSchedule       arrivals started more than {@link #LATE_FLAG_SECONDS} after the schedule's last was
     *                            due
     * @param scheduleEndAtSecond when the schedule's last arrival was due, in the same seconds
     */
    public record Lateness(
            double worstSeconds, double worstAtSecond, long afterSchedule, long arrivals, double scheduleEndAtSecond) {

        public boolean clientFellBehind() {
            return worstSeconds > LATE_FLAG_SECONDS;
        }
    }

    @Override
    public void accept(Sample sample) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
        }
        starts[count++] = sample.timeStamp();
    }

    /** @return null for a closed plan or a run without samples */
    public Lateness against(PlanShape plan, long scheduleStartMs) {
        if (!(plan instanceof PlanShape.Open open) || count == 0) {
            return null;
        }
        long[] sorted = Arrays.copyOf(starts, count);
        Arrays.sort(sorted);
        double scheduleEnd = open.scheduleSeconds();
        double worst = Double.NEGATIVE_INFINITY;
        long worstStart = sorted[0];
        long afterSchedule = 0;
        for (int i = 0; i < count; i++) {
            double started = (sorted[i] - scheduleStartMs) / 1000.0;
            double late = started - open.dueSecond(i + 1);
            if (late > worst) {
                worst = late;
                worstStart = sorted[i];
            }
            afterSchedule += started > scheduleEnd + LATE_FLAG_SECONDS ? 1 : 0;
        }
        return new Lateness(
                worst,
                (worstStart - sorted[0]) / 1000.0,
                afterSchedule,
                count,
                scheduleEnd - (sorted[0] - scheduleStartMs) / 1000.0);
    }
}
