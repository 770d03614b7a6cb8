package lab.threads.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ErrorCauses;
import lab.threads.report.verdict.ErrorClassTally;
import lab.threads.report.verdict.StagedOutcome;

/** Past the limit, per server: its overload settings, knee or recovery, and errors by class; only when any. */
final class OverloadSection {

    static final String ID = "overload";

    private OverloadSection() {}

    static Optional<Section> of(List<ServerSummary> servers) {
        if (servers.stream().noneMatch(server -> server.failedSamples() > 0 || server.staged() != null)) {
            return Optional.empty();
        }
        List<Section.Part> parts = new ArrayList<>();
        for (ServerSummary server : servers) {
            parts.add(new Section.Heading(server.server()));
            parts.add(new Section.Paragraph(limits(server.serverStats())));
            StagedOutcome staged = server.staged();
            if (staged != null) {
                parts.add(new Section.Paragraph(staged(staged)));
                parts.add(stages(staged));
            }
            ErrorClassTally classes = server.errorClasses();
            if (classes.rows().isEmpty()) {
                parts.add(new Section.Paragraph("No errors."));
                continue;
            }
            parts.add(classes(classes));
            parts.add(new Section.Folded(
                    "Errors by class, second by second (from the load's first second)", List.of(perSecond(classes))));
        }
        return Optional.of(new Section(
                ID,
                "Past the limit: the server's limits, errors by class, knee and recovery",
                "Each failed request is classed by what the client saw, with the side whose limit it points to: a "
                        + "full accept queue times the connect out, a closed port refuses it, a pool that gives no "
                        + "connection in time answers 503 with its cause. The classes add up to the errors; each error's "
                        + "own text is under errors by cause. A step plan's knee is its first step with errors above "
                        + StagedOutcome.KNEE_ERROR_PERCENT + "% or a p99 above " + StagedOutcome.KNEE_P99_FACTOR
                        + " sleeps, or whose added users brought less than half of the requests they offered (each "
                        + "user offers one request a sleep: throughput stopped following the users); a spike's recovery is the seconds after it until every later second's p99 and "
                        + "errors were back within the range of the base's seconds before it (p99 up to its worst "
                        + "second's plus 10%).",
                parts));
    }

    /** The overload settings the server gave in /stats, in words. */
    static String limits(ServerStatsPeaks stats) {
        Map<String, Object> settings = stats.settings();
        if (settings == null) {
            return "The server reported no settings.";
        }
        List<String> said = new ArrayList<>();
        if (settings.containsKey("backlog")) {
            said.add("backlog " + figure(settings.get("backlog")) + " asked, "
                    + figure(settings.get("effectiveBacklog")) + " used (net.core.somaxconn caps it)");
        }
        add(said, settings, "maxConnections", "connections at most");
        add(said, settings, "idleTimeoutMs", "ms idle timeout");
        add(said, settings, "shutdownGraceMs", "ms shutdown grace");
        if (!"none".equals(settings.get("db"))) {
            said.add("database pool " + figure(settings.get("dbPool")) + " (timeout "
                    + figure(settings.get("dbPoolTimeoutMs")) + " ms)");
        }
        if (!"none".equals(settings.get("downstream"))) {
            said.add("downstream pool " + figure(settings.get("httpPool")) + " (timeout "
                    + figure(settings.get("httpPoolTimeoutMs")) + " ms)");
        }
        return "Limits as the server reported them (" + settings.getOrDefault("settings", "?") + " settings): "
                + String.join("; ", said) + ". Over the run: peak " + stats.lowerBoundMark()
                + Numbers.count(stats.peakThreads()) + " threads, " + stats.lowerBoundMark()
                + Numbers.megabytes(stats.peakRssBytes()) + " MB RSS, " + stats.lowerBoundMark()
                + Numbers.count(stats.peakOpenFiles()) + " of " + Numbers.count(stats.openFilesLimit())
                + " open files.";
    }

    private static void add(List<String> said, Map<String, Object> settings, String key, String words) {
        if (settings.containsKey(key)) {
            said.add(figure(settings.get(key)) + " " + words);
        }
    }

    private static String figure(Object value) {
        return value instanceof Number number ? Numbers.count(number.longValue()) : String.valueOf(value);
    }

    private static String staged(StagedOutcome staged) {
        if (staged.kind().equals("step")) {
            return "Step plan: " + staged.verdict() + ".";
        }
        String peaks = staged.spikePeakOsThreads() == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        " From the spike's start to then: peak %s OS threads, %s MB RSS.",
                        Numbers.count(staged.spikePeakOsThreads()),
                        Numbers.megabytes(staged.spikePeakRssBytes()));
        return "Spike: " + staged.verdict() + "." + peaks;
    }

    private static Section.Table stages(StagedOutcome staged) {
        return new Section.Table(
                null,
                "Each stage's requests, by the second they started in",
                List.of(
                        "seconds",
                        "users",
                        "offered",
                        "samples",
                        "errors",
                        "error %",
                        "p99 ms",
                        "errors and p99 within the knee's limits",
                        "added users brought, of what they offered"),
                List.of(false, true, true, true, true, true, true, false, false),
                IntStream.range(0, staged.stages().size())
                        .mapToObj(i -> {
                            StagedOutcome.StageFigures stage = staged.stages().get(i);
                            return List.of(
                                    stage.fromSecond() + "-" + stage.toSecond(),
                                    Numbers.count(stage.users()),
                                    Numbers.count(stage.offered()),
                                    Numbers.count(stage.samples()),
                                    Numbers.count(stage.errors()),
                                    Numbers.decimal(
                                            stage.samples() == 0 ? 0 : 100.0 * stage.errors() / stage.samples(), 2),
                                    Numbers.count(stage.p99Ms()),
                                    stage.failing() ? "no" : "yes",
                                    i == 0 ? "" : added(staged.stages().get(i - 1), stage));
                        })
                        .toList());
    }

    /** What the users a stage added brought, of what they offered; empty when it added none. */
    private static String added(StagedOutcome.StageFigures before, StagedOutcome.StageFigures stage) {
        long offered = stage.offered() - before.offered();
        return stage.users() <= before.users() || offered <= 0
                ? ""
                : Numbers.count(stage.samples() - before.samples()) + " of " + Numbers.count(offered)
                        + (stage.stoppedFollowing(before) ? " (less than half)" : "");
    }

    private static Section.Table classes(ErrorClassTally classes) {
        long total = classes.total();
        return new Section.Table(
                null,
                null,
                List.of("class", "side", "the limit it points to", "errors", "% of errors"),
                List.of(false, false, false, true, true),
                classes.rows().stream()
                        .map(row -> List.of(
                                row.key(),
                                row.side(),
                                row.limit(),
                                Numbers.count(row.count()),
                                Numbers.decimal(100.0 * row.count() / total, 1)))
                        .toList());
    }

    private static Section.Table perSecond(ErrorClassTally classes) {
        return new Section.Table(
                null,
                null,
                List.of("second", "errors", "by class"),
                List.of(true, true, false),
                classes.perSecond().stream()
                        .map(second -> List.of(
                                Long.toString(second.second()),
                                Numbers.count(second.counts().values().stream()
                                        .mapToLong(Long::longValue)
                                        .sum()),
                                ErrorCauses.describe(second.counts())))
                        .toList());
    }
}
