package lab.threads.report.verdict;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.ClientHealth;
import lab.threads.report.raw.ClientPoint;
import lab.threads.report.raw.ClientSnapshot;
import lab.threads.report.raw.ServerSecond;
import lab.threads.report.raw.ServerView;

/**
 * Whether the client, not the server, set a run's figures: the verdict, the evidence in words and seconds, and what to
 * do about it. The server counts the responses it hands over each second; JMeter records each sample when it has read
 * the response. Both clocks are this machine's wall clock, so the two series line up second by second.
 *
 * <ul>
 * <li><b>Client stall</b>: seconds in which the server handed over responses and JMeter recorded none (at least
 *     {@value #STALL_MIN_RESPONSES} responses over the interval, so a response crossing a second's edge is no stall).
 * <li><b>Client behind its schedule</b> (open plans): arrivals started more than {@value ArrivalLag#LATE_FLAG_SECONDS} s
 *     after the schedule had them due, so the arrival rate the server saw was the client's.
 * <li><b>Client busy while lagging</b>: seconds in which the client took more than {@value #BUSY_SHARE_PERCENT}% of
 *     the machine's CPU and recorded fewer than half of the {@value #LAG_MIN_RESPONSES} or more responses the server
 *     handed over.
 * <li><b>Client limits</b>: client-side errors that are the client's own resources running out (open files, local
 *     ports, memory, threads), and {@value #GC_PAUSE_FLAG_MS} ms or more of client GC pauses within one second while
 *     samples were in flight.
 * </ul>
 * The machine's share (all cores busy) and the gap between JMeter's p99 and the server's own are stated as facts.
 *
 * @param verdict  whether the client held the figures back
 * @param findings the evidence, one sentence each, most telling first
 * @param advice   what to do, in one sentence
 */
public record ClientVerdict(
        Verdict verdict,
        List<String> findings,
        String advice,
        List<Interval> clientStalls,
        List<Interval> clientBusyLagging,
        int machineSaturatedSeconds,
        Map<String, Long> clientLimitErrors) {

    static final int STALL_MIN_RESPONSES = 10;
    static final int LAG_MIN_RESPONSES = 10;
    static final double BUSY_SHARE_PERCENT = 50;
    static final double MACHINE_SATURATED_PERCENT = 95;
    static final long GC_PAUSE_FLAG_MS = 500;
    /** The server's own p99 this far past the sleep (or 10% of it, if more) is time spent waiting inside the server. */
    static final long SERVER_WAIT_FLAG_MS = 1_000;
    /** Messages that name a process's own resources running out: in the client's errors, or in the server's log. */
    static final List<String> RESOURCE_LIMITS = List.of(
            "Too many open files",
            "Cannot assign requested address",
            "OutOfMemoryError",
            "unable to create native thread");

    static final String WHAT_TO_DO =
            "To measure the server rather than the client: fewer users (--users), JMeter's users "
                    + "on other machines (--workers), or the server on another machine (--target).";

    /** @return the seconds in which JMeter recorded nothing while the server answered */
    public double stallSeconds() {
        return clientStalls.stream().mapToDouble(Interval::seconds).sum();
    }

    /**
     * A stretch of the run, in seconds since its first sample start.
     *
     * @param serverResponses responses the server handed over in it
     * @param jmeterSamples   samples JMeter recorded as ending in it
     */
    public record Interval(double fromSecond, double toSecond, long serverResponses, long jmeterSamples) {

        public double seconds() {
            return toSecond - fromSecond;
        }

        String words() {
            return String.format(Locale.ROOT, "t = %.0f-%.0f s", fromSecond, toSecond);
        }
    }

    /**
     * @param ends      JMeter's sample ends per second
     * @param server    the server's own responses per second; empty when unknown
     * @param client    the client's own snapshots; empty when unknown
     * @param health    the same, summed up
     * @param jmeterP99 JMeter's p99 over the run, ms
     * @param view      the server's own latency over the run, for the gap between its p99 and JMeter's; null when unknown,
     *                  or when the per-request {@link TimeBreakdown} says where the time went instead
     * @param lateness  an open plan's arrivals against their schedule; null for a closed plan
     */
    public static ClientVerdict judge(
            SampleEnds ends,
            List<ServerSecond> server,
            List<ClientSnapshot> client,
            ClientHealth health,
            Map<String, Long> errorsByCause,
            long jmeterP99,
            ServerView view,
            ArrivalLag.Lateness lateness) {
        List<Finding> findings = new ArrayList<>();
        Seconds seconds = ends.isEmpty() || server.isEmpty() ? Seconds.NONE : Seconds.of(ends, server, client);
        if (seconds == Seconds.NONE) {
            findings.add(new Finding(
                    server.isEmpty()
                            ? "the server's per-second series is missing, so client stalls cannot be told"
                            : "JMeter recorded no sample",
                    false));
        }
        stalled(seconds.stalls()).ifPresent(findings::add);
        busy(seconds.busyLagging()).ifPresent(findings::add);
        schedule(lateness).ifPresent(findings::add);
        Map<String, Long> limits = clientLimitErrors(errorsByCause);
        clientLimits(limits, health).ifPresent(findings::add);
        clientGc(client, health).ifPresent(findings::add);
        p99Gap(view, jmeterP99).ifPresent(findings::add);
        if (client.stream().anyMatch(ClientSnapshot::distributed)) {
            findings.add(new Finding(
                    "the users ran on JMeter workers: the client's health here is the controller's only", false));
        }
        boolean clientBound = findings.stream().anyMatch(Finding::clientBound);
        Verdict verdict =
                clientBound ? Verdict.CLIENT_BOUND : server.isEmpty() ? Verdict.UNKNOWN : Verdict.NO_CLIENT_LIMIT;
        return new ClientVerdict(
                verdict,
                findings.stream().map(Finding::words).toList(),
                advice(verdict, health),
                seconds.stalls(),
                seconds.busyLagging(),
                seconds.saturated(),
                limits);
    }

    /** One piece of evidence, in words; {@code clientBound} when it alone makes the client the bottleneck. */
    private record Finding(String words, boolean clientBound) {}

    /**
     * The run second by second, server against client: when JMeter recorded nothing while the server handed responses
     * over (stalls), when it recorded fewer than half of them while busy (lagging), and how long all cores were busy.
     */
    private record Seconds(List<Interval> stalls, List<Interval> busyLagging, int saturated) {
        static final Seconds NONE = new Seconds(List.of(), List.of(), 0);

        static Seconds of(SampleEnds ends, List<ServerSecond> server, List<ClientSnapshot> client) {
            Map<Long, Long> handedOver = server.stream()
                    .collect(Collectors.toMap(ServerSecond::epochSecond, ServerSecond::completed, Long::sum));
            Map<Long, ClientPoint> clientBySecond = clientBySecond(client);
            List<Long> stallSeconds = new ArrayList<>();
            List<Long> lagSeconds = new ArrayList<>();
            int saturated = 0;
            for (long second = Math.floorDiv(ends.firstStart(), 1000);
                    second <= Math.floorDiv(ends.lastEnd(), 1000);
                    second++) {
                long responses = handedOver.getOrDefault(second, 0L);
                int recorded = ends.in(second);
                ClientPoint clientSecond = clientBySecond.get(second);
                if (responses > 0 && recorded == 0) {
                    stallSeconds.add(second);
                } else if (responses >= LAG_MIN_RESPONSES
                        && recorded < responses / 2.0
                        && clientSecond != null
                        && clientSecond.cpuPercentOfMachine() != null
                        && clientSecond.cpuPercentOfMachine() > BUSY_SHARE_PERCENT) {
                    lagSeconds.add(second);
                }
                if (clientSecond != null
                        && clientSecond.machinePercent() != null
                        && clientSecond.machinePercent() >= MACHINE_SATURATED_PERCENT) {
                    saturated++;
                }
            }
            return new Seconds(
                    intervals(stallSeconds, handedOver, ends).stream()
                            .filter(stall -> stall.serverResponses() >= STALL_MIN_RESPONSES)
                            .toList(),
                    intervals(lagSeconds, handedOver, ends),
                    saturated);
        }
    }

    private static Optional<Finding> stalled(List<Interval> stalls) {
        return stalls.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client stall: JMeter recorded no sample at "
                                + join(stalls) + " while the server handed over "
                                + count(stalls.stream()
                                        .mapToLong(Interval::serverResponses)
                                        .sum())
                                + " responses (" + seconds(stalls) + " in all)",
                        true));
    }

    private static Optional<Finding> busy(List<Interval> busyLagging) {
        return busyLagging.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client busy: at " + join(busyLagging) + " ("
                                + seconds(busyLagging) + ") the client took more than " + (int) BUSY_SHARE_PERCENT
                                + "% of the machine while recording fewer than half of the server's responses",
                        true));
    }

    private static Optional<Finding> schedule(ArrivalLag.Lateness lateness) {
        if (lateness == null) {
            return Optional.empty();
        }
        if (!lateness.clientFellBehind()) {
            return Optional.of(new Finding(
                    String.format(
                            Locale.ROOT,
                            "arrivals kept to the schedule (at most %.1f s late)",
                            Math.max(0, lateness.worstSeconds())),
                    false));
        }
        return Optional.of(new Finding(
                String.format(
                        Locale.ROOT,
                        "client behind its schedule: arrivals started up to %.1f s after they "
                                + "were due (at t = %.0f s), %s of %s after the schedule's last was due (t = %.0f s): the arrival "
                                + "rate the server saw was the client's, not the plan's",
                        lateness.worstSeconds(),
                        lateness.worstAtSecond(),
                        count(lateness.afterSchedule()),
                        count(lateness.arrivals()),
                        lateness.scheduleEndAtSecond()),
                true));
    }

    private static Optional<Finding> clientLimits(Map<String, Long> limits, ClientHealth health) {
        return limits.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client limits: " + ErrorCauses.describe(limits)
                                + " (the client's own resources, not the server's answers"
                                + (health.peakOpenFiles() == null
                                        ? ""
                                        : "; it held up to " + count(health.peakOpenFiles()) + " open descriptors"
                                                + (health.openFilesLimit() == null
                                                        ? ""
                                                        : " of its " + count(health.openFilesLimit())))
                                + ")",
                        true));
    }

    private static Optional<Finding> clientGc(List<ClientSnapshot> client, ClientHealth health) {
        long worstGcSecond = worstGcSecondUnderLoad(client);
        return worstGcSecond < GC_PAUSE_FLAG_MS
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client GC: " + count(worstGcSecond)
                                + " ms of pauses in one second while samples were in flight ("
                                + count(health.gcPauseMs())
                                + " ms in all, the longest single pause " + count(health.gcMaxPauseMs())
                                + " ms), added to every sample in flight",
                        true));
    }

    /** A server that queues can go on timing requests long after JMeter gave up on them (its response timeout). */
    private static Optional<Finding> p99Gap(ServerView view, long jmeterP99) {
        if (view == null || view.count() == 0) {
            return Optional.empty();
        }
        long serverP99 = Math.round(view.p99Ms());
        return Optional.of(new Finding(
                jmeterP99 >= serverP99
                        ? String.format(
                                Locale.ROOT,
                                "JMeter's p99 %s ms against the server's own %s ms: %s ms of it was spent "
                                        + "outside the server's handler (client, kernel, network)",
                                count(jmeterP99),
                                count(serverP99),
                                count(jmeterP99 - serverP99))
                        : String.format(
                                Locale.ROOT,
                                "the server's own p99 %s ms is above JMeter's %s ms: the server went on working "
                                        + "on requests after the client had given up on them (its timeouts); those answers were never read",
                                count(serverP99),
                                count(jmeterP99)),
                false));
    }

    private static String advice(Verdict verdict, ClientHealth health) {
        return switch (verdict) {
            case CLIENT_BOUND ->
                "JMeter's latency and throughput include the client's own delays; the server's columns "
                        + "are its own view. " + WHAT_TO_DO;
            case NO_CLIENT_LIMIT ->
                "No sign the client was the bottleneck: JMeter recorded responses in every second the "
                        + "server handed them over"
                        + (health.peakCpuPercentOfMachine() == null
                                ? ""
                                : String.format(
                                        Locale.ROOT,
                                        ", and the client took at most %.0f%% of the machine",
                                        health.peakCpuPercentOfMachine()))
                        + ".";
            case UNKNOWN ->
                "Cannot tell whether the client was the bottleneck (a server without /stats/seconds, or an older run).";
        };
    }

    /**
     * The same verdict with facts of the server's own side: what its log said about its resources (see
     * {@link ServerLogLimits}), and how long its own timing ran past the sleep. Stated beside the client's evidence;
     * they do not change the verdict on the client.
     *
     * @param logged  lines of its log per resource limit named; empty when none or no log
     * @param view    the server's own latency over the run; null when unknown
     * @param sleepMs what each request asked to sleep
     * @param time    where each request's time went; stated first when measured
     */
    public ClientVerdict withServerSide(Map<String, Long> logged, ServerView view, long sleepMs, TimeBreakdown time) {
        List<String> more = new ArrayList<>(findings);
        if (time.present()) {
            more.add(time.finding());
        }
        if (!logged.isEmpty()) {
            more.add("server limits: its log reports "
                    + logged.entrySet().stream()
                            .map(entry -> "'" + entry.getKey() + "' " + count(entry.getValue()) + " time"
                                    + (entry.getValue() == 1 ? "" : "s"))
                            .collect(Collectors.joining(", "))
                    + " (the server's own resources ran out)");
        }
        if (view != null && view.count() > 0) {
            long beyond = Math.round(view.p99Ms()) - sleepMs;
            if (beyond > Math.max(SERVER_WAIT_FLAG_MS, sleepMs / 10)) {
                more.add("server wait: its own p99 is " + count(Math.round(view.p99Ms())) + " ms for a "
                        + count(sleepMs) + " ms sleep: requests waited " + count(beyond)
                        + " ms inside the server (a queue, or a thread to start)");
            }
        }
        return more.size() == findings.size() ? this : withFindings(more);
    }

    /**
     * The same verdict with the cores' side of it: on shared cores, the seconds all of them were busy (client and server
     * competed for them); with each side on its own cores ({@code --cpus}), which side kept its own busy, and how long.
     */
    public ClientVerdict withCores(CoreUse cores) {
        String finding = cores.pinned()
                ? cores.finding()
                : machineSaturatedSeconds > 0
                        ? "machine: all cores at least " + (int) MACHINE_SATURATED_PERCENT + "% busy for "
                                + machineSaturatedSeconds + " s: client and server competed for them"
                        : null;
        if (finding == null) {
            return this;
        }
        List<String> more = new ArrayList<>(findings);
        more.add(finding);
        return withFindings(more);
    }

    static final String NO_THINK_TIME_ADVICE = "With no think time the req/s is the slower side's: to measure the "
            + "server, a lighter client (--client hyperfoil), the client on cores of its own (--cpus) or on another "
            + "machine (--workers, --target).";

    /**
     * The verdict where the plan has no ideal (a 0 ms sleep: each request leaves as soon as the last is answered), so
     * the req/s is whatever the slower side allows and the per-second checks above cannot see a client that is
     * merely slow. Client-bound when, with each side on its own cores, the client ran out of its cores first; or, on
     * shared cores, when all cores were busy for at least half the load and the client spent at least as much CPU as
     * the server. Otherwise it says what bounded the figure: the server's cores, or neither.
     *
     * @param samples the requests the client recorded, for the CPU per request
     */
    public ClientVerdict withNoThinkTime(boolean noIdeal, CpuSplit cpu, CoreUse cores, long samples) {
        if (!noIdeal) {
            return this;
        }
        List<String> more = new ArrayList<>(findings);
        boolean clientBound;
        String bound;
        if (cores.pinned()) {
            clientBound = cores.clientBusy() > cores.serverBusy();
            bound = clientBound
                    ? "the client ran out of its own cores first: the req/s is the client's"
                    : "the client did not run out of its cores first";
        } else if (!cpu.known()) {
            more.add(
                    "no think time (0 ms sleep): each side's CPU is unknown, so what bounded the req/s cannot be told");
            return withFindings(more);
        } else {
            clientBound = cpu.machineSaturated() && cpu.clientCostlier();
            bound = clientBound
                    ? "the client's CPU bounded the req/s: it measured itself as much as the server"
                    : cpu.machineSaturated()
                            ? "the server's CPU bounded the req/s (the client spent less)"
                            : "the cores were not saturated: neither side's CPU bounded the req/s";
        }
        more.add(0, "no think time (0 ms sleep): " + (cpu.known() ? cpu.words(samples) + ": " : "") + bound);
        return new ClientVerdict(
                clientBound ? Verdict.CLIENT_BOUND : verdict,
                List.copyOf(more),
                clientBound ? NO_THINK_TIME_ADVICE : advice,
                clientStalls,
                clientBusyLagging,
                machineSaturatedSeconds,
                clientLimitErrors);
    }

    private ClientVerdict withFindings(List<String> more) {
        return new ClientVerdict(
                verdict,
                List.copyOf(more),
                advice,
                clientStalls,
                clientBusyLagging,
                machineSaturatedSeconds,
                clientLimitErrors);
    }

    /** The verdict and its evidence in one line, for tables and terminals. */
    public String oneLine() {
        return verdict + (findings.isEmpty() ? "" : ": " + String.join("; ", findings)) + ". " + advice;
    }

    /**
     * The most GC pause time the client logged between two of its lines while samples were in flight: a pause before
     * the load (JMeter calls System.gc() as a test starts) delays no sample.
     */
    private static long worstGcSecondUnderLoad(List<ClientSnapshot> client) {
        long worst = 0;
        for (int i = 1; i < client.size(); i++) {
            ClientSnapshot before = client.get(i - 1);
            ClientSnapshot after = client.get(i);
            boolean loaded = inFlight(before) || inFlight(after);
            if (loaded && before.gcPauseMs() != null && after.gcPauseMs() != null) {
                worst = Math.max(worst, after.gcPauseMs() - before.gcPauseMs());
            }
        }
        return worst;
    }

    private static boolean inFlight(ClientSnapshot line) {
        return line.samplesInFlight() == null || line.samplesInFlight() > 0;
    }

    /** Each client line under the second it mostly covers (a line describes the second before it was taken). */
    private static Map<Long, ClientPoint> clientBySecond(List<ClientSnapshot> client) {
        Map<Long, ClientPoint> bySecond = new HashMap<>();
        List<ClientPoint> points = ClientPoint.of(client, 0);
        for (int i = 0; i < points.size(); i++) {
            bySecond.put(Math.floorDiv(client.get(i).sampledAtMs() - 500, 1000), points.get(i));
        }
        return bySecond;
    }

    /** Consecutive seconds merged into intervals, placed on the run's axis. */
    private static List<Interval> intervals(List<Long> seconds, Map<Long, Long> handedOver, SampleEnds ends) {
        List<Interval> intervals = new ArrayList<>();
        int i = 0;
        while (i < seconds.size()) {
            int j = i;
            while (j + 1 < seconds.size() && seconds.get(j + 1) == seconds.get(j) + 1) {
                j++;
            }
            long responses = 0;
            long recorded = 0;
            for (long second = seconds.get(i); second <= seconds.get(j); second++) {
                responses += handedOver.getOrDefault(second, 0L);
                recorded += ends.in(second);
            }
            intervals.add(new Interval(
                    (seconds.get(i) * 1000 - ends.firstStart()) / 1000.0,
                    ((seconds.get(j) + 1) * 1000 - ends.firstStart()) / 1000.0,
                    responses,
                    recorded));
            i = j + 1;
        }
        return List.copyOf(intervals);
    }

    private static Map<String, Long> clientLimitErrors(Map<String, Long> errorsByCause) {
        return errorsByCause.entrySet().stream()
                .filter(entry -> ErrorCause.parse(entry.getKey()).side() == ErrorCause.Side.CLIENT
                        && RESOURCE_LIMITS.stream().anyMatch(entry.getKey()::contains))
                .collect(Collectors.toMap(
                        Map.Entry::getKey, Map.Entry::getValue, Long::sum, java.util.LinkedHashMap::new));
    }

    private static String join(List<Interval> intervals) {
        return intervals.stream().map(Interval::words).collect(Collectors.joining(", "));
    }

    private static String seconds(List<Interval> intervals) {
        return String.format(
                Locale.ROOT,
                "%.0f s",
                intervals.stream().mapToDouble(Interval::seconds).sum());
    }

    private static String count(long value) {
        return Numbers.count(value);
    }
}
