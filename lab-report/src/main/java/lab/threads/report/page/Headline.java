package lab.threads.report.page;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.PlanShape;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;

/**
 * A server's run in one sentence, for readers deciding: errors, how close to the ideal, p99 against the sleep (and
 * the server's own p99), threads and memory, and whether the client held the figures back. It leads index.html,
 * summary.md and the terminal output.
 */
public final class Headline {

    private Headline() {}

    /** Each server's line, in the run's order: what index.html and summary.md open with. */
    static Section.Bullets lines(RunReport report) {
        return new Section.Bullets(
                null,
                report.servers().stream()
                        .map(server -> new Section.Bullet(line(server, report.plan())))
                        .toList());
    }

    public static String line(ServerSummary server, PlanShape plan) {
        StringBuilder line = new StringBuilder(server.server()).append(": ");
        if (server.summary().samples() == 0) {
            return line.append("no samples (")
                    .append(server.outcome())
                    .append(")")
                    .toString();
        }
        line.append(Numbers.decimal(server.summary().errorPercent(), 2))
                .append("% errors, ")
                .append(
                        server.idealThroughput() > 0
                                ? Numbers.decimal(server.percentOfIdeal(), 1) + "% of the ideal"
                                : Numbers.decimal(server.summary().throughput(), 0)
                                        + " req/s (no ideal at a 0 ms sleep)")
                .append(", p99 ")
                .append(Numbers.count(server.percentiles().p99()))
                .append(" ms for a ")
                .append(Numbers.count(plan.sleepMs()))
                .append(" ms sleep");
        ServerStatsPeaks stats = server.serverStats();
        if (server.serverView() != null) {
            line.append(" (the server's own: ")
                    .append(Numbers.count(Math.round(server.serverView().p99Ms())))
                    .append(" ms)");
        } else if (stats.silentAtEndSeconds() != null) {
            line.append(" (the server's own: unknown, it did not answer /stats for the last ")
                    .append(Numbers.decimal(stats.silentAtEndSeconds(), 0))
                    .append(" s)");
        }
        line.append(", ")
                .append(stats.lowerBoundMark())
                .append(Numbers.count(stats.peakThreads()))
                .append(" peak threads, ")
                .append(stats.lowerBoundMark())
                .append(Numbers.megabytes(stats.peakRssBytes()))
                .append(" MB peak RSS; ");
        if (server.timeline().present()) {
            line.append("slowest 1%'s time: ").append(server.timeVerdict()).append("; ");
        }
        line.append("client: ").append(clientWords(server.validity()));
        if (!server.outcome().ok()) {
            line.append("; outcome: ").append(server.outcome());
        }
        return line.append('.').toString();
    }

    /**
     * Said above everything when any server's turn ended before the plan's end, so no reader takes its figures for a
     * whole run's: the servers whose samples stop early, then those that measured nothing, each with why in the
     * outcome's words. Empty when every server ran its plan.
     */
    public static Optional<String> partialNotice(List<ServerSummary> servers) {
        List<String> cut = servers.stream()
                .filter(ServerSummary::partial)
                .map(server -> server.server() + " (" + server.outcome() + ")")
                .toList();
        List<String> empty = servers.stream()
                .filter(server -> !server.partial()
                        && server.outcome().endedEarly()
                        && server.summary().samples() == 0)
                .map(server -> server.server() + " (" + server.outcome() + ")")
                .toList();
        List<String> parts = new java.util.ArrayList<>();
        if (!cut.isEmpty()) {
            parts.add("the figures of " + String.join("; ", cut)
                    + " are of what was measured until it stopped, not of the whole plan");
        }
        if (!empty.isEmpty()) {
            parts.add(String.join("; ", empty) + " measured nothing");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of("Partial run: " + String.join("; ", parts) + ".");
    }

    /** The verdict, with the names of its signs when the client was the bottleneck ("client stall, client GC"). */
    public static String clientWords(ClientVerdict validity) {
        if (!validity.verdict().equals(Verdict.CLIENT_BOUND)) {
            return validity.verdict().label();
        }
        List<String> signs = validity.findings().stream()
                .filter(finding -> finding.startsWith("client "))
                .map(finding -> finding.substring(0, finding.indexOf(':')))
                .toList();
        // A verdict reached from the CPU split alone (nothing blocking) has no named sign: no empty brackets then.
        return signs.isEmpty()
                ? validity.verdict().label()
                : String.format(Locale.ROOT, "%s (%s)", validity.verdict(), String.join(", ", signs));
    }
}
