package lab.threads.client;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One progress line of a client's fork on its stdout, which the runner shows as it comes (the JMeter fork prints one
 * about every 2 s): {@code progress elapsed_s=12 samples=3400 errors=2 active_users=18000}.
 *
 * @param elapsedSeconds seconds since the engine started
 * @param samples        samples completed so far
 * @param errors         of which failed
 * @param activeUsers    the client's users alive now (JMeter's threads; in an open plan, the requests in flight)
 */
public record Progress(long elapsedSeconds, long samples, long errors, int activeUsers) {

    /** Every progress line starts with this. */
    public static final String PREFIX = "progress ";

    private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\d{1,18})");

    /** The line as a fork prints it. */
    public String format() {
        return PREFIX + "elapsed_s=" + elapsedSeconds + " samples=" + samples + " errors=" + errors + " active_users="
                + activeUsers;
    }

    /** The progress a line reports, or empty for any other line. */
    public static Optional<Progress> parse(String line) {
        if (line == null || !line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        Map<String, Long> fields = new HashMap<>();
        Matcher matcher = FIELD.matcher(line);
        while (matcher.find()) {
            fields.put(matcher.group(1), Long.parseLong(matcher.group(2)));
        }
        Long elapsed = fields.get("elapsed_s");
        Long samples = fields.get("samples");
        Long errors = fields.get("errors");
        Long active = fields.get("active_users");
        if (elapsed == null || samples == null || errors == null || active == null) {
            return Optional.empty();
        }
        return Optional.of(new Progress(elapsed, samples, errors, Math.toIntExact(active)));
    }
}
