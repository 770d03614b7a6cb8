package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.MachineLedger;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.ServerSecond;
import lab.threads.report.raw.ServerView;

/**
 * Whether the client, not the server, set a run's figures: the verdict, the evidence in words and seconds, and what to
 * do about it, in the words of the client that recorded the samples ({@link LoadClient}: JMeter or Hyperfoil). The
 * server counts the responses it hands over each second; the client records each sample when it has read the
 * response. Both clocks are this machine's wall clock, so the two series line up second by second.
 *
 * <ul>
 * <li><b>Client stall</b>: seconds in which the server handed over responses and the client recorded none (at least
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
 * The gap between the client's p99 and the server's own is stated as a fact. {@link #judge} gives the client's own
 * word; {@link TurnWord} the turn's, from that and the machine's share of each side: the one the reports print.
 *
 * @param verdict    the turn's word: the client's own from {@link #judge}, the turn's once {@link TurnWord} decided it
 * @param findings   the evidence, one sentence each, most telling first
 * @param stallsOnly the client is held to be the bottleneck for its stalls alone, which the shared machine may have
 *                   caused; not for anything it did by itself (its descriptors, heap, ports, pauses, its own CPU)
 */
public record ClientVerdict(
        Verdict verdict,
        List<String> findings,
        String advice,
        List<Interval> clientStalls,
        List<Interval> clientBusyLagging,
        int machineSaturatedSeconds,
        Map<String, Long> clientLimitErrors,
        @JsonIgnore boolean stallsOnly) {

    static final int STALL_MIN_RESPONSES = 10;
    static final int LAG_MIN_RESPONSES = 10;
    static final double BUSY_SHARE_PERCENT = 50;
    static final double MACHINE_SATURATED_PERCENT = MachineLedger.SATURATED_PERCENT;
    static final long GC_PAUSE_FLAG_MS = 500;
    /** The server's own p99 this far past the sleep (or 10% of it, if more) is time spent waiting inside the server. */
    static final long SERVER_WAIT_FLAG_MS = 1_000;
    /** Messages that name a process's own resources running out: in the client's errors, or in the server's log. */
    static final List<String> RESOURCE_LIMITS = List.of(
            "Too many open files",
            "Cannot assign requested address",
            "OutOfMemoryError",
            "unable to create native thread");

    /** @return the seconds in which the client recorded nothing while the server answered */
    public double stallSeconds() {
        return Interval.seconds(clientStalls);
    }

    /** A stretch of the run, in seconds since its first sample start, and what each side counted in it. */
    public record Interval(double fromSecond, double toSecond, long serverResponses, long jmeterSamples) {

        public static double seconds(List<Interval> intervals) {
            return intervals.stream()
                    .mapToDouble(i -> i.toSecond - i.fromSecond)
                    .sum();
        }

        String words() {
            // Whole seconds as longs: "%.0f" printed a stretch that began a moment before the first sample "-0".
            return "t = " + Math.round(fromSecond) + "-" + Math.round(toSecond) + " s";
        }
    }

    /**
     * @param server   the server's own responses per second; empty when unknown
     * @param client   the client's own snapshots; empty when unknown
     * @param view     the server's own latency, for the gap between the p99s; null when unknown or when the {@link
     *                 TimeBreakdown} says where the time went instead
     * @param lateness an open plan's arrivals against their schedule; null for a closed plan
     */
    public static ClientVerdict judge(
            SampleEnds ends,
            List<ServerSecond> server,
            List<ClientSnapshot> client,
            ClientHealth health,
            Map<String, Long> errorsByCause,
            long clientP99,
            ServerView view,
            ArrivalLag.Lateness lateness,
            LoadClient recorder) {
        List<ClientFindings.Finding> findings = new ArrayList<>();
        ClientFacts.Seconds seconds = ends.isEmpty() || server.isEmpty()
                ? ClientFacts.Seconds.NONE
                : ClientFacts.Seconds.of(ends, server, client);
        if (seconds == ClientFacts.Seconds.NONE) {
            findings.add(new ClientFindings.Finding(
                    server.isEmpty()
                            ? "the server's per-second series is missing, so client stalls cannot be told"
                            : recorder.label() + " recorded no sample",
                    false));
        }
        ClientFindings.stalled(seconds.stalls(), recorder).ifPresent(findings::add);
        ClientFindings.busy(seconds.busyLagging()).ifPresent(findings::add);
        ClientFindings.schedule(lateness).ifPresent(findings::add);
        Map<String, Long> limits = ClientFacts.clientLimitErrors(errorsByCause);
        ClientFindings.clientLimits(limits, health).ifPresent(findings::add);
        ClientFindings.clientGc(client, health).ifPresent(findings::add);
        ClientFindings.p99Gap(view, clientP99, ClientFacts.responseTimeouts(errorsByCause), ends.count(), recorder)
                .ifPresent(findings::add);
        if (client.stream().anyMatch(ClientSnapshot::distributed)) {
            findings.add(new ClientFindings.Finding(
                    "the users ran on JMeter workers: the client's health here is the controller's only", false));
        }
        boolean clientBound = findings.stream().anyMatch(ClientFindings.Finding::clientBound);
        boolean stallsOnly = !seconds.stalls().isEmpty()
                && findings.stream().filter(ClientFindings.Finding::clientBound).count() == 1;
        // Without the server's series (a guest that serves none) the client's own record still tells its pauses, its
        // limits and its CPU: the verdict rests on those, saying the stalls could not be told; unknown with neither.
        Verdict verdict = clientBound
                ? Verdict.CLIENT_BOUND
                : server.isEmpty() && client.isEmpty() ? Verdict.UNKNOWN : Verdict.NO_CLIENT_LIMIT;
        return new ClientVerdict(
                verdict,
                findings.stream().map(ClientFindings.Finding::words).toList(),
                ClientFindings.advice(verdict, health, recorder, !server.isEmpty()),
                seconds.stalls(),
                seconds.busyLagging(),
                seconds.saturated(),
                limits,
                stallsOnly);
    }

    /**
     * The same verdict with the server's own side stated beside the client's evidence: where each request's time went,
     * what its log said of its resources ({@link ServerLogLimits}), how far its own timing ran past the sleep.
     */
    public ClientVerdict withServerSide(Map<String, Long> logged, ServerView view, long sleepMs, TimeBreakdown time) {
        List<String> more = new ArrayList<>(findings);
        if (time.present()) {
            more.add(time.finding());
        }
        ClientFindings.serverLimits(logged).ifPresent(more::add);
        ClientFindings.serverWait(view, sleepMs).ifPresent(more::add);
        return more.size() == findings.size() ? this : withFindings(more);
    }

    static final String MACHINE_ADVICE = "Client and server shared the cores and the server got too few of them: "
            + "the figures are the machine's. To measure the server alone, the client on cores of its own (--cpus) or "
            + "the server on another machine (--target).";

    /** The same evidence under the word {@link TurnWord} decided, with its findings and advice. */
    ClientVerdict withWord(Verdict word, List<String> more, String newAdvice) {
        return new ClientVerdict(
                word,
                List.copyOf(more),
                newAdvice,
                clientStalls,
                clientBusyLagging,
                machineSaturatedSeconds,
                clientLimitErrors,
                stallsOnly);
    }

    /** The same verdict with one more fact, not client-bound by itself; the same verdict when it is null. */
    public ClientVerdict withFact(String fact) {
        return fact == null
                ? this
                : withFindings(Stream.concat(findings.stream(), Stream.of(fact)).toList());
    }

    ClientVerdict withFindings(List<String> more) {
        return withWord(verdict, more, advice);
    }

    /** The verdict and its evidence in one line, for tables and terminals. */
    public String oneLine() {
        return verdict + (findings.isEmpty() ? "" : ": " + String.join("; ", findings)) + ". " + advice;
    }
}
