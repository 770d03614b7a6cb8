package lab.threads.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The load plan's shape, and what a perfect server and client would achieve with it: every user starts on time
 * (linear ramp-up) and each request takes exactly the server's sleep, so the last user ends at
 * {@code rampUp + loops x sleep}. 20,000 users, 20 s, 3 loops of 6 s: 60,000 samples in 38 s = 1,578.9 req/s.
 */
// The derived ideals are written to summary.json for readers, and ignored when it is read back.
@JsonIgnoreProperties(value = {"idealSamples", "idealDurationSeconds", "idealThroughput"}, allowGetters = true)
public record PlanShape(int users, double rampUpSeconds, int loops, long sleepMs) {

    @JsonProperty
    public long idealSamples() {
        return (long) users * loops;
    }

    @JsonProperty
    public double idealDurationSeconds() {
        return rampUpSeconds + loops * sleepMs / 1000.0;
    }

    /** Requests per second; 0 for a plan without duration. */
    @JsonProperty
    public double idealThroughput() {
        double seconds = idealDurationSeconds();
        return seconds > 0 ? idealSamples() / seconds : 0;
    }
}
