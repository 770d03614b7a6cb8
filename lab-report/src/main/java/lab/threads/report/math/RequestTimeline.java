package lab.threads.report.math;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;
import lab.threads.report.raw.ServerRequestLog;

/**
 * Joins each of the client's samples with the server's record of the same request (by its {@code rid}) and splits its
 * elapsed into {@link RequestPart}s. Both clocks are this machine's; an instant out of order is moved to its neighbour
 * and counted as {@code clampedMs}, the part no measurement explains.
 */
public final class RequestTimeline implements Consumer<Sample> {
    /** The client's clock counts whole ms: a server instant before its start by less is its resolution. */
    static final double RESOLUTION_MS = 1;

    /** The cause of an answered sample whose id is nowhere in the server's log. */
    static final String NO_SERVER_RECORD = "answered, but the server's log has no record of it";

    private final ServerRequestLog server;
    private final Function<Sample, String> causeOf;
    private final LoadClient client;
    private final List<Joined> joined = new ArrayList<>();
    private final Map<String, Long> unanswered = new HashMap<>();
    private long withoutId;
    private long withoutServerRecord;
    private long ambiguous;
    private long outsideTimes;

    /** One joined request: its elapsed, its parts in {@link RequestPart} order (ms), how its instants moved. */
    record Joined(
            long elapsed,
            boolean first,
            boolean acceptStamped,
            double[] parts,
            double clampedMs,
            double worstMoveMs,
            boolean serverEarly,
            boolean serverLate,
            boolean pooled) {}

    /**
     * @param causeOf the words for why a sample the server never answered failed
     * @param client  the client that wrote the samples: how late its recorded end can be, and its name
     */
    public RequestTimeline(ServerRequestLog server, Function<Sample, String> causeOf, LoadClient client) {
        this.server = server;
        this.causeOf = causeOf;
        this.client = client;
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
        ServerRequestLog.Lookup found =
                server.find(sample.requestId(), sample.timeStamp(), sample.endTime(), client.joinSlackMs());
        if (found.ambiguous()) {
            ambiguous++;
        } else if (found.outside() && sample.success()) {
            // Answered, and the server logged its id, but not within the client's times: a stamp taken late.
            outsideTimes++;
        } else if (found.entry() == null) {
            withoutServerRecord++;
            unanswered.merge(sample.success() ? NO_SERVER_RECORD : causeOf.apply(sample), 1L, Long::sum);
        } else {
            joined.add(split(sample, found.entry(), client.endResolutionMs()));
        }
    }

    /** @param endResolutionMs how much later than the recorded end the request may truly have ended */
    static Joined split(Sample sample, ServerRequestLog.Entry entry, int endResolutionMs) {
        double start = sample.timeStamp();
        double end = sample.endTime();
        double received = entry.receivedUs() / 1000.0;
        List<Double> instants = new ArrayList<>(8);
        List<RequestPart> closes = new ArrayList<>(8);
        instants.add(start + sample.connect());
        closes.add(RequestPart.CONNECT);
        if (entry.acceptStamped()) {
            // The accept closes the kernel's queue; the framework having the request closes the wait to be read.
            instants.add(entry.waitingSinceUs() / 1000.0);
            closes.add(RequestPart.KERNEL_QUEUE);
        }
        instants.add(received);
        // A keep-alive request waits to be read from JMeter's start: the server's previous response on the
        // connection ended before it, and JMeter keeps no time of its write.
        closes.add(
                entry.firstOnConnection() && !entry.acceptStamped()
                        ? RequestPart.QUEUE_AND_READ
                        : RequestPart.READ_WAIT);
        instants.add(entry.startedUs() == 0 ? received : entry.startedUs() / 1000.0);
        closes.add(RequestPart.THREAD_WAIT);
        ServerRequestLog.Borrow borrow = entry.borrow();
        if (borrow.stamped()) {
            // The handler's work before the borrow, the wait in the pool, the call on the connection; a borrow that
            // got no connection waits in the pool until the answer, a call that never returned holds it until then.
            instants.add(borrow.borrowingUs() / 1000.0);
            closes.add(RequestPart.HANDLER);
            if (borrow.borrowedUs() != 0) {
                instants.add(borrow.borrowedUs() / 1000.0);
                closes.add(RequestPart.POOL_WAIT);
                if (borrow.calledUs() != 0) {
                    instants.add(borrow.calledUs() / 1000.0);
                    closes.add(RequestPart.POOLED_CALL);
                }
            }
        }
        instants.add(entry.respondedUs() / 1000.0);
        closes.add(lastPart(borrow));

        double[] parts = new double[RequestPart.values().length];
        double clamped = 0;
        double worstMove = 0;
        boolean serverEarly = false;
        boolean serverLate = false;
        double previous = start;
        for (int i = 0; i < instants.size(); i++) {
            double measured = instants.get(i);
            double instant = Math.min(end, Math.max(previous, measured));
            // A server that answers after the client gave up (its timeout) is no clock error: the sample ended first.
            if (sample.success() || measured <= end) {
                double moved = Math.abs(instant - measured);
                clamped += moved;
                worstMove = Math.max(worstMove, moved);
                // Before the client's instant: the client noted its own late (its thread waiting for a core); after
                // its end by more than its end's resolution: the server stamped late (its thread waiting for a core
                // between its write and its stamp).
                serverEarly |= moved > RESOLUTION_MS && measured < instant;
                serverLate |= moved > endResolutionMs && measured > instant;
            }
            parts[closes.get(i).ordinal()] += instant - previous;
            previous = instant;
        }
        parts[RequestPart.CLIENT.ordinal()] = end - previous;
        return new Joined(
                sample.elapsed(),
                entry.firstOnConnection(),
                entry.acceptStamped(),
                parts,
                clamped,
                worstMove,
                serverEarly,
                serverLate,
                borrow.stamped());
    }

    /** The part the response's hand-off closes: whatever the request was last doing. */
    private static RequestPart lastPart(ServerRequestLog.Borrow borrow) {
        return !borrow.stamped() || borrow.calledUs() != 0
                ? RequestPart.HANDLER
                : borrow.borrowedUs() == 0 ? RequestPart.POOL_WAIT : RequestPart.POOLED_CALL;
    }

    /** The joined requests' waits for a pooled connection; {@link PoolWaits#NONE} when none went through a pool. */
    public PoolWaits poolWaits() {
        long through = 0;
        long waited = 0;
        double waitedMs = 0;
        for (Joined request : joined) {
            double ms = request.parts()[RequestPart.POOL_WAIT.ordinal()];
            through += request.pooled() ? 1 : 0;
            if (ms >= PoolWaits.WAITED_MS) {
                waited++;
                waitedMs += ms;
            }
        }
        return through == 0 ? PoolWaits.NONE : new PoolWaits(through, waited, waitedMs / 1000);
    }

    /** The run's breakdown; {@link TimeBreakdown#NONE} when the server kept no request log. */
    public TimeBreakdown breakdown(long sleepMs) {
        if (server.isEmpty()) {
            return TimeBreakdown.NONE;
        }
        joined.sort(Comparator.comparingLong(Joined::elapsed));
        List<Joined> first = joined.stream().filter(Joined::first).toList();
        List<Joined> keptAlive =
                joined.stream().filter(request -> !request.first()).toList();
        double kernelQueueMs = 0;
        long stamped = 0;
        long lateStamps = 0;
        long jmeterLate = 0;
        long serverLate = 0;
        double worstMoveMs = 0;
        for (Joined request : joined) {
            kernelQueueMs += request.parts()[RequestPart.KERNEL_QUEUE.ordinal()];
            stamped += request.acceptStamped() ? 1 : 0;
            lateStamps += request.serverEarly() || request.serverLate() ? 1 : 0;
            jmeterLate += request.serverEarly() ? 1 : 0;
            serverLate += request.serverLate() ? 1 : 0;
            worstMoveMs = Math.max(worstMoveMs, request.worstMoveMs());
        }
        TimeBreakdown.Bands all = bands(joined);
        return new TimeBreakdown(
                joined.size(),
                withoutId,
                withoutServerRecord,
                ambiguous,
                all.median(),
                all.slowest(),
                sleepMs,
                first.isEmpty() ? null : bands(first),
                keptAlive.isEmpty() ? null : bands(keptAlive),
                TimeBreakdown.mostFirst(unanswered),
                new TimeBreakdown.Accepts(first.size(), stamped, kernelQueueMs / 1000),
                new TimeBreakdown.OutOfOrder(lateStamps, worstMoveMs, jmeterLate, serverLate),
                null,
                outsideTimes,
                client);
    }

    /**
     * The median requests (the middle tenth, so one odd request does not speak for the rest) and the slowest 1%: the
     * requests from the p99's rank by {@link Percentiles} (JMeter's, the rule of every p99 the page prints) up.
     */
    private static TimeBreakdown.Bands bands(List<Joined> sorted) {
        int n = sorted.size();
        return new TimeBreakdown.Bands(
                band(sorted.subList((int) (n * 0.45), (int) Math.ceil(n * 0.55))),
                band(sorted.subList(Math.max(Percentiles.p99Rank(n) - 1, 0), n)));
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
        double[] means = Arrays.stream(sums).map(sum -> sum / count).toArray();
        return new TimeBreakdown.Band(requests.size(), elapsed / count, means, clamped / count);
    }
}
