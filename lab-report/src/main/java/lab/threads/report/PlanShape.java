package lab.threads.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The load plan's shape, and what a perfect server and client would achieve with it. JMeter starts user i of n
 * {@code rampUp x i / n} after the schedule begins (its ThreadGroup's spacing; the lab's virtual-thread group keeps
 * it), so the last user starts at {@code rampUp x (n - 1) / n} and, if every request takes exactly the sleep, ends
 * {@code loops x sleep} later. 20,000 users, 20 s, 3 loops of 6 s: 60,000 samples in 37.999 s = 1,579.0 req/s.
 */
// The derived ideals are written to summary.json for readers, and ignored when it is read back.
@JsonIgnoreProperties(value = {"idealSamples", "idealDurationSeconds", "idealThroughput"}, allowGetters = true)
public record PlanShape(int users, double rampUpSeconds, int loops, long sleepMs) {

    @JsonProperty
    public long idealSamples() {
        return (long) users * loops;
    }

    /** From the schedule's start to the last user's last response, when every request takes exactly the sleep. */
    @JsonProperty
    public double idealDurationSeconds() {
        return users == 0 ? 0 : rampUpSeconds * (users - 1) / users + loops * sleepMs / 1000.0;
    }

    /** Requests per second; 0 for a plan without duration. */
    @JsonProperty
    public double idealThroughput() {
        double seconds = idealDurationSeconds();
        return seconds > 0 ? idealSamples() / seconds : 0;
    }

    /**
     * How close a run came to the ideal, in %: {@code (successes / ideal samples) x (ideal duration / actual
     * duration)}, the actual duration running from the schedule's start to the last sample's end. A server that
     * answers every request in exactly the sleep scores 100; a late or failed request, or a late client, scores less.
     * Measured from the first sample's start instead (an older run's only choice), a client slow to send its very
     * first request would shorten the run and lift the score above 100.
     *
     * @param scheduleStartMs when JMeter's schedule began (ramp-up second 0), epoch ms
     * @param lastEndMs       the last sample's end, epoch ms
     */
    public double percentOfIdeal(long successes, long scheduleStartMs, long lastEndMs) {
        double actualSeconds = (lastEndMs - scheduleStartMs) / 1000.0;
        return idealSamples() > 0 && actualSeconds > 0
                ? 100.0 * successes / idealSamples() * idealDurationSeconds() / actualSeconds : 0;
    }
}
