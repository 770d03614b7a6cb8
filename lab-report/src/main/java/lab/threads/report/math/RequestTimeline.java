package lab.threads.report.math;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import lab.threads.report.raw.Sample;
import lab.threads.report.raw.ServerRequestLog;

/**
 * Joins each of JMeter's samples with the server's own record of the same request (by the {@code rid} in its URL)
 * and splits its elapsed time into {@link RequestPart}s. The instants are, in order: JMeter's start, its connection
 * open ({@code Connect}), the framework has the request, the variant's thread starts it, the response written, JMeter's
 * end. Both clocks are this machine's wall clock; an instant out of order by the clocks' resolution (JMeter's 1 ms)
 * is moved to its neighbour and the amount counted as {@code clampedMs}, the part no measurement explains.
 */
public final class RequestTimeline implements Consumer<Sample> {
    private final ServerRequestLog server;
    private final List<Joined> joined = new ArrayList<>();
    private long withoutId;
    private long withoutServerRecord;
    private long ambiguous;

    /** One joined request: its JMeter elapsed and its parts in {@link RequestPart} order, ms. */
    record Joined(long elapsed, double[] parts, double clampedMs) {}

    public RequestTimeline(ServerRequestLog server) {
        this.server = server;
    }

    @Override
    public void accept(Sample sample) {
        if (server.isEmpty()) {
            return;
        }
        if (sample.requestId() == null) {
            withoutId++;
            return;
        }
        ServerRequestLog.Lookup found = server.find(sample.requestId(), sample.timeStamp(), sample.endTime());
        if (found.ambiguous()) {
            ambiguous++;
        } else if (found.entry() == null) {
            withoutServerRecord++;
        } else {
            joined.add(split(sample, found.entry()));
        }
    }

    static Joined split(Sample sample, ServerRequestLog.Entry entry) {
        double start = sample.timeStamp();
        double end = sample.endTime();
        double received = entry.receivedUs() / 1000.0;
        double[] instants = {
            start + sample.connect(),
            received,
            entry.startedUs() == 0 ? received : entry.startedUs() / 1000.0,
            entry.respondedUs() / 1000.0
        };
        // The part each instant closes: the framework having the request closes the accept queue for a connection's
        // first
        // request, the wait to be read for the next ones on it.
        RequestPart[] closes = {
            RequestPart.CONNECT,
            entry.firstOnConnection() ? RequestPart.ACCEPT_QUEUE : RequestPart.READ_WAIT,
            RequestPart.THREAD_WAIT,
            RequestPart.HANDLER
        };
        double[] parts = new double[RequestPart.values().length];
        double clamped = 0;
        double previous = start;
        for (int i = 0; i < instants.length; i++) {
            double instant = Math.min(end, Math.max(previous, instants[i]));
            // A server that answers after the client gave up (its timeout) is no clock error: the sample ended first.
            if (sample.success() || instants[i] <= end) {
                clamped += Math.abs(instant - instants[i]);
            }
            parts[closes[i].ordinal()] = instant - previous;
            previous = instant;
        }
        parts[RequestPart.CLIENT.ordinal()] = end - previous;
        return new Joined(sample.elapsed(), parts, clamped);
    }

    /** The run's breakdown; {@link TimeBreakdown#NONE} when the server kept no request log. */
    public TimeBreakdown breakdown(long sleepMs) {
        if (server.isEmpty()) {
            return TimeBreakdown.NONE;
        }
        joined.sort(Comparator.comparingLong(Joined::elapsed));
        int n = joined.size();
        // The median request: the middle tenth, so one odd request does not speak for the rest.
        TimeBreakdown.Band median = band(joined.subList((int) (n * 0.45), (int) Math.ceil(n * 0.55)));
        TimeBreakdown.Band slowest = band(joined.subList((int) Math.min(n, Math.floor(n * 0.99)), n));
        return new TimeBreakdown(n, withoutId, withoutServerRecord, ambiguous, median, slowest, sleepMs);
    }

    private static TimeBreakdown.Band band(List<Joined> requests) {
        double[] sums = new double[RequestPart.values().length];
        double clamped = 0;
        double elapsed = 0;
        for (Joined request : requests) {
            for (int i = 0; i < sums.length; i++) {
                sums[i] += request.parts()[i];
            }
            clamped += request.clampedMs();
            elapsed += request.elapsed();
        }
        int count = Math.max(1, requests.size());
        double[] means = new double[sums.length];
        for (int i = 0; i < sums.length; i++) {
            means[i] = sums[i] / count;
        }
        return new TimeBreakdown.Band(requests.size(), elapsed / count, means, clamped / count);
    }
}
