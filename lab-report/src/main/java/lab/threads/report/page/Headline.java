package lab.threads.report.page;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.PlanShape;

/** The run's answer for readers deciding, then one sentence per server: it leads every rendering of a run. */
public final class Headline {

    /**
     * Carried the plan: this % of the ideal with at most {@link #CARRIED_ERROR_PERCENT}% errors; a sweep bends below.
     */
    public static final double CARRIED_PERCENT_OF_IDEAL = 90;

    /** The most errors, in percent, of a server that carried the plan. */
    public static final double CARRIED_ERROR_PERCENT = 1;

    private Headline() {}

    /** The answer, then each server's sentence in the run's order: what index.html and summary.md open with. */
    static List<Section.Part> parts(RunReport report) {
        return List.of(
                new Section.Paragraph(answer(report.servers())),
                new Section.Bullets(
                        null,
                        report.servers().stream()
                                .map(server -> new Section.Bullet(line(server, report.plan())))
                                .toList()));
    }

    /** Which servers carried the plan, on how many threads; then whether anything held the figures back. */
    static String answer(List<ServerSummary> servers) {
        return carried(servers) + " " + heldBack(servers);
    }

    private static String carried(List<ServerSummary> servers) {
        List<ServerSummary> measured = servers.stream()
                .filter(server -> server.summary().samples() > 0)
                .toList();
        if (measured.isEmpty()) {
            return "No server measured anything.";
        }
        if (measured.stream().allMatch(server -> server.idealThroughput() <= 0)) {
            ServerSummary most = closest(measured);
            return "Most answers a second ("
                    + (Cells.guests(measured) ? "no ideal: the service time was not given" : "no ideal at a 0 ms sleep")
                    + "): " + most.server() + ", "
                    + Numbers.decimal(successPerSecond(most), 0) + " req/s without error on " + threads(most) + ".";
        }
        List<String> carriers = measured.stream()
                .filter(Headline::carriedThePlan)
                .map(server -> server.server() + " on " + threads(server))
                .toList();
        String bar = "at least " + Numbers.count((long) CARRIED_PERCENT_OF_IDEAL) + "% of the ideal with at most "
                + Numbers.count((long) CARRIED_ERROR_PERCENT) + "% errors";
        if (carriers.isEmpty()) {
            ServerSummary most = closest(measured);
            return "No server carried the plan (" + bar + "); the closest, " + most.server() + ", reached "
                    + Numbers.decimal(most.percentOfIdeal(), 1) + "% of the ideal on " + threads(most) + ".";
        }
        return "Carried the plan (" + bar + "): " + words(carriers) + ".";
    }

    private static boolean carriedThePlan(ServerSummary server) {
        return server.idealThroughput() > 0
                && server.percentOfIdeal() >= CARRIED_PERCENT_OF_IDEAL
                && server.summary().errorPercent() <= CARRIED_ERROR_PERCENT;
    }

    /** The server with the most answers a second that did not fail. */
    private static ServerSummary closest(List<ServerSummary> measured) {
        return measured.stream()
                .max(Comparator.comparingDouble(Headline::successPerSecond))
                .orElseThrow();
    }

    private static double successPerSecond(ServerSummary server) {
        return server.summary().throughput() * (100 - server.summary().errorPercent()) / 100;
    }

    private static String threads(ServerSummary server) {
        ServerStatsPeaks stats = server.serverStats();
        return stats.peakThreads() == null
                ? "threads not measured"
                : stats.lowerBoundMark() + Numbers.count(stats.peakThreads()) + " peak threads";
    }

    /** Whose figures these are, by each server's word; else that nothing held them back. */
    private static String heldBack(List<ServerSummary> servers) {
        Map<Verdict, List<String>> byWord = new EnumMap<>(Verdict.class);
        for (ServerSummary server : servers) {
            byWord.computeIfAbsent(server.validity().verdict(), word -> new ArrayList<>())
                    .add(server.server());
        }
        List<String> said = new ArrayList<>();
        sentence(byWord, Verdict.CLIENT_BOUND, "The client held back the figures of %s.")
                .ifPresent(said::add);
        sentence(
                        byWord,
                        Verdict.MACHINE_BOUND,
                        "The shared machine held back those of %s: every core was busy and the "
                                + "server got too few of them.")
                .ifPresent(said::add);
        sentence(byWord, Verdict.NEAR_MACHINE_BOUND, "%s came near machine-bound.")
                .ifPresent(said::add);
        sentence(byWord, Verdict.DISTURBED, "Steal or other programs disturbed the runs of %s.")
                .ifPresent(said::add);
        List<String> unknown = byWord.getOrDefault(Verdict.UNKNOWN, List.of());
        if (said.isEmpty()) {
            said.add(
                    unknown.size() == servers.size()
                            ? "Whether the client held any figure back is unknown: no server-side record to judge it by."
                            : "Neither the client nor the machine held any figure back.");
        } else if (!unknown.isEmpty()) {
            said.add("For " + words(unknown) + " no server-side record tells.");
        }
        return String.join(" ", said);
    }

    private static Optional<String> sentence(Map<Verdict, List<String>> byWord, Verdict word, String format) {
        List<String> servers = byWord.getOrDefault(word, List.of());
        return servers.isEmpty() ? Optional.empty() : Optional.of(String.format(Locale.ROOT, format, words(servers)));
    }

    /** "a", "a and b", "a, b and c". */
    private static String words(List<String> items) {
        return items.size() == 1
                ? items.getFirst()
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    /** A server's sentence: its verdict, % of the ideal on how many threads, errors, what held its slowest 1%. */
    public static String line(ServerSummary server, PlanShape plan) {
        if (server.summary().samples() == 0) {
            return server.server() + ": no samples (" + server.outcome() + ")";
        }
        StringBuilder line = new StringBuilder(server.server() + ": " + clientWords(server.validity()) + "; ")
                .append(
                        server.idealThroughput() > 0
                                ? Numbers.decimal(server.percentOfIdeal(), 1) + "% of the ideal"
                                : Numbers.decimal(server.summary().throughput(), 0) + " req/s ("
                                        + Cells.noIdeal(server, plan) + ")")
                .append(" on " + threads(server) + ", ")
                .append(Numbers.decimal(server.summary().errorPercent(), 2) + "% errors");
        if (server.timeline().present()) {
            line.append("; slowest 1% held by ").append(server.timeVerdict());
        }
        if (server.pool() != null && server.pool().setThePace()) {
            line.append("; ").append(server.pool().words());
        }
        if (!server.outcome().ok()) {
            line.append("; outcome: ").append(server.outcome());
        }
        return line.append('.').toString();
    }

    /** Said above everything when a turn ended early, so no one takes its figures for a whole run's. */
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
        List<String> parts = new ArrayList<>();
        if (!cut.isEmpty()) {
            parts.add("the figures of " + String.join("; ", cut)
                    + " are of what was measured until it stopped, not of the whole plan");
        }
        if (!empty.isEmpty()) {
            parts.add(String.join("; ", empty) + " measured nothing");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of("Partial run: " + String.join("; ", parts) + ".");
    }

    /** The verdict with its signs or its reason's facts: the one line a terminal shows says whose figures these are. */
    public static String clientWords(ClientVerdict validity) {
        if (!validity.verdict().equals(Verdict.CLIENT_BOUND)) {
            String word = validity.verdict().label();
            return validity.findings().stream()
                    .filter(finding -> finding.startsWith(word + ": "))
                    .findFirst()
                    .map(finding -> word + " (" + factsOf(finding.substring(word.length() + 2)) + ")")
                    .orElse(word);
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

    /** A reason as facts alone, without its lines and its conclusion, which the word says. */
    private static String factsOf(String reason) {
        String facts = reason.replaceAll(" \\(the line is [^)]*\\)", "");
        int conclusion = facts.lastIndexOf(": ");
        return conclusion < 0 ? facts : facts.substring(0, conclusion);
    }
}
