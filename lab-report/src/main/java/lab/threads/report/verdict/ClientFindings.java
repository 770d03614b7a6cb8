package lab.threads.report.verdict;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.ServerView;

/** {@link ClientVerdict}'s evidence in words, naming the client that recorded the samples, and its advice. */
final class ClientFindings {

    private ClientFindings() {}

    /** One piece of evidence, in words; {@code clientBound} when it alone makes the client the bottleneck. */
    record Finding(String words, boolean clientBound) {}

    static Optional<Finding> stalled(List<ClientVerdict.Interval> stalls, LoadClient recorder) {
        return stalls.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client stall: " + recorder.label() + " recorded no sample at "
                                + join(stalls) + " while the server handed over "
                                + Numbers.count(stalls.stream()
                                        .mapToLong(ClientVerdict.Interval::serverResponses)
                                        .sum())
                                + " responses (" + seconds(stalls) + " in all)",
                        true));
    }

    static Optional<Finding> busy(List<ClientVerdict.Interval> busyLagging) {
        return busyLagging.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client busy: at " + join(busyLagging) + " ("
                                + seconds(busyLagging) + ") the client took more than "
                                + (int) ClientVerdict.BUSY_SHARE_PERCENT
                                + "% of the machine while recording fewer than half of the server's responses",
                        true));
    }

    static Optional<Finding> schedule(ArrivalLag.Lateness lateness) {
        return Optional.ofNullable(lateness)
                .map(late -> late.clientFellBehind()
                        ? new Finding(
                                String.format(
                                        Locale.ROOT,
                                        "client behind its schedule: arrivals started up to %.1f s after they "
                                                + "were due (at t = %.0f s), %s of %s after the schedule's last was due (t = %.0f s): the arrival "
                                                + "rate the server saw was the client's, not the plan's",
                                        late.worstSeconds(),
                                        late.worstAtSecond(),
                                        Numbers.count(late.afterSchedule()),
                                        Numbers.count(late.arrivals()),
                                        late.scheduleEndAtSecond()),
                                true)
                        : new Finding(
                                String.format(
                                        Locale.ROOT,
                                        "arrivals kept to the schedule (at most %.1f s late)",
                                        Math.max(0, late.worstSeconds())),
                                false));
    }

    static Optional<Finding> clientLimits(Map<String, Long> limits, ClientHealth health) {
        return limits.isEmpty()
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client limits: " + ErrorCauses.describe(limits)
                                + " (the client's own resources, not the server's answers"
                                + (health.peakOpenFiles() == null
                                        ? ""
                                        : "; it held up to " + Numbers.count(health.peakOpenFiles())
                                                + " open descriptors"
                                                + (health.openFilesLimit() == null
                                                        ? ""
                                                        : " of its " + Numbers.count(health.openFilesLimit())))
                                + ")",
                        true));
    }

    static Optional<Finding> clientGc(List<ClientSnapshot> client, ClientHealth health) {
        long worstGcSecond = ClientFacts.worstGcSecondUnderLoad(client);
        return worstGcSecond < ClientVerdict.GC_PAUSE_FLAG_MS
                ? Optional.empty()
                : Optional.of(new Finding(
                        "client GC: " + Numbers.count(worstGcSecond)
                                + " ms of pauses in one second while samples were in flight ("
                                + Numbers.count(health.gcPauseMs())
                                + " ms in all, the longest single pause " + Numbers.count(health.gcMaxPauseMs())
                                + " ms), added to every sample in flight",
                        true));
    }

    /**
     * The client's p99 beside the server's own. The server's above the client's means the server went on working after
     * the client gave up only when the client did give up (its response timeouts); with none, the two p99s are not of
     * the same requests.
     */
    static Optional<Finding> p99Gap(ServerView view, long clientP99, long timeouts, long samples, LoadClient recorder) {
        if (view == null || view.count() == 0) {
            return Optional.empty();
        }
        long serverP99 = Math.round(view.p99Ms());
        if (clientP99 >= serverP99) {
            return Optional.of(new Finding(
                    String.format(
                            Locale.ROOT,
                            "%s p99 %s ms against the server's own %s ms: %s ms of it was spent "
                                    + "outside the server's handler (client, kernel, network)",
                            recorder.possessive(),
                            Numbers.count(clientP99),
                            Numbers.count(serverP99),
                            Numbers.count(clientP99 - serverP99)),
                    false));
        }
        String above = String.format(
                Locale.ROOT,
                "the server's own p99 %s ms is above %s %s ms",
                Numbers.count(serverP99),
                recorder.possessive(),
                Numbers.count(clientP99));
        if (timeouts > 0) {
            return Optional.of(new Finding(
                    above + ": the server went on working on requests after the client had given up on them ("
                            + Numbers.count(timeouts) + " response timeout" + (timeouts == 1 ? "" : "s")
                            + "); those answers were never read",
                    false));
        }
        return Optional.of(new Finding(
                above + ", and the client gave up on none (no response timeout): the two are not of the same requests"
                        + (view.count() > samples
                                ? " (the server's window opens before the client's first recorded request and timed "
                                        + Numbers.count(view.count())
                                        + " responses; the client recorded " + Numbers.count(samples)
                                        + ": the rest are a warm-up's, or others the client did not record)"
                                : " (the server timed " + Numbers.count(view.count())
                                        + " responses, the client recorded " + Numbers.count(samples) + ")"),
                false));
    }

    /** What the server's log said about its own resources: lines per limit named. */
    static Optional<String> serverLimits(Map<String, Long> logged) {
        if (logged.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("server limits: its log reports "
                + logged.entrySet().stream()
                        .map(entry -> "'" + entry.getKey() + "' " + Numbers.count(entry.getValue()) + " time"
                                + (entry.getValue() == 1 ? "" : "s"))
                        .collect(Collectors.joining(", "))
                + " (the server's own resources ran out)");
    }

    /** The server's own p99 this far past the sleep: requests waited inside it. */
    static Optional<String> serverWait(ServerView view, long sleepMs) {
        // No view, or an empty one, is 0 beyond: under the flag, which is at least a second.
        long beyond = view == null || view.count() == 0 ? 0 : Math.round(view.p99Ms()) - sleepMs;
        return beyond > Math.max(ClientVerdict.SERVER_WAIT_FLAG_MS, sleepMs / 10)
                ? Optional.of("server wait: its own p99 is " + Numbers.count(Math.round(view.p99Ms())) + " ms for a "
                        + Numbers.count(sleepMs) + " ms sleep: requests waited " + Numbers.count(beyond)
                        + " ms inside the server (a queue, or a thread to start)")
                : Optional.empty();
    }

    /** @param serverSeconds whether the server's per-second series was there to judge the client's stalls against */
    static String advice(Verdict verdict, ClientHealth health, LoadClient recorder, boolean serverSeconds) {
        return switch (verdict) {
            case CLIENT_BOUND -> clientBoundAdvice(recorder, false);
            case MACHINE_BOUND, NEAR_MACHINE_BOUND -> ClientVerdict.MACHINE_ADVICE;
            case DISTURBED -> TurnWord.DISTURBED_ADVICE;
            case NO_CLIENT_LIMIT ->
                "No sign the client was the bottleneck: "
                        + (serverSeconds
                                ? recorder.label() + " recorded responses in every second the server handed them over"
                                : "its own record shows no pause, limit or stall of its own (the server's seconds, "
                                        + "which would show a stall against them, are not there)")
                        + (health.peakCpuPercentOfMachine() == null
                                ? ""
                                : String.format(
                                        Locale.ROOT,
                                        ", and its own process took at most %.0f%% of the machine",
                                        health.peakCpuPercentOfMachine()))
                        + ".";
            case UNKNOWN ->
                "Cannot tell whether the client was the bottleneck (a server without /stats/seconds, or an older run).";
        };
    }

    /**
     * What to do when the client held the figures back, in the words of the client that did.
     *
     * @param noThinkTime the plan has no ideal (a 0 ms sleep), where the client's CPU is what bounds the req/s
     */
    static String clientBoundAdvice(LoadClient recorder, boolean noThinkTime) {
        return noThinkTime
                ? recorder.words().noThinkTimeAdvice()
                : recorder.words().clientBoundAdvice();
    }

    private static String join(List<ClientVerdict.Interval> intervals) {
        return intervals.stream().map(ClientVerdict.Interval::words).collect(Collectors.joining(", "));
    }

    private static String seconds(List<ClientVerdict.Interval> intervals) {
        return String.format(Locale.ROOT, "%.0f s", ClientVerdict.Interval.seconds(intervals));
    }
}
