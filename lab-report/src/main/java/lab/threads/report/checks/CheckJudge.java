package lab.threads.report.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.threads.report.runs.ComparedRun;
import lab.threads.report.runs.Spread;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunFolder;

/**
 * Judges checks on a run, and the relative ones against a baseline. A figure of a turn cut short, or that the client or
 * the machine set, makes its check inconclusive, whatever its value.
 *
 * <p>The noise rule, with repeats on both sides: a breach only when even the run's most favourable repeat is beyond the
 * bound set from the baseline's least favourable one. The repeat is the unit of noise (the JIT and a shared machine
 * move a whole run); one run's requests are not independent samples. With one run on a side the medians are compared,
 * and the result says no noise is known.
 *
 * @param baseline null without one
 */
public record CheckJudge(ComparedRun run, ComparedRun baseline) {

    /** Every check on every server it covers, in the checks' order, then the run's. */
    public List<CheckResult> judge(List<Check> checks) {
        List<CheckResult> results = new ArrayList<>();
        for (Check check : checks) {
            List<String> covered = run.servers().stream().filter(check::covers).toList();
            if (covered.isEmpty()) {
                results.add(result(
                        check,
                        check.server(),
                        Spread.of(List.of()),
                        Judged.inconclusive("no server '" + check.server() + "' in this run: " + run.servers())));
            }
            covered.forEach(server -> results.add(judge(check, server)));
        }
        return results;
    }

    private CheckResult judge(Check check, String server) {
        List<ServerSummary> rows = run.rows(server);
        Spread value = Spread.of(rows.stream().map(check.figure()::read).toList());
        Judged judged = notTheServers(rows, "")
                .or(() -> Double.isNaN(value.median())
                        ? Optional.of(Judged.inconclusive("the run has no "
                                + check.figure().checkName() + " for this server (not measured here)"))
                        : Optional.empty())
                .orElseGet(() -> against(check, server, value));
        return result(check, server, value, judged);
    }

    private CheckResult result(Check check, String server, Spread value, Judged judged) {
        String page = run.dir().resolve(RunFolder.HTML_FILE).toString();
        return new CheckResult(
                check.text(),
                server,
                judged.status(),
                check.figure().checkName(),
                check.figure().unit().shown(),
                value,
                judged.bound(),
                judged.reason(),
                page);
    }

    private record Judged(CheckStatus status, double bound, String reason) {
        static Judged inconclusive(String reason) {
            return new Judged(CheckStatus.INCONCLUSIVE, Double.NaN, reason);
        }

        static Judged of(Check check, double reading, double bound, String how) {
            boolean holds = check.operator().holds(reading, bound);
            return new Judged(holds ? CheckStatus.PASSED : CheckStatus.BREACHED, bound, how);
        }
    }

    /** A reason these rows' figures are not the server's to judge: a turn cut short, or held back by the client. */
    private static Optional<Judged> notTheServers(List<ServerSummary> rows, String side) {
        Optional<Judged> cut = rows.stream()
                .filter(row -> !row.outcome().ok())
                .findFirst()
                .map(row -> Judged.inconclusive(side + "the turn did not run to its end: "
                        + row.outcome().words()));
        List<ServerSummary> held = rows.stream().filter(CheckJudge::heldBack).toList();
        return cut.isPresent() || held.isEmpty()
                ? cut
                : Optional.of(Judged.inconclusive(
                        side + held.getFirst().validity().verdict().label() + " in "
                                + held.size() + " of " + rows.size() + " run(s), so the figure is not the server's: "
                                + held.getFirst().validity().oneLine()));
    }

    private static boolean heldBack(ServerSummary row) {
        return row.validity() != null && row.validity().verdict().heldBack();
    }

    private Judged against(Check check, String server, Spread value) {
        int runs = value.runs();
        String median = runs > 1 ? "the median of " + runs + " runs" : "one run";
        return switch (check.bound()) {
            case Bound.Absolute absolute ->
                Judged.of(check, value.median(), absolute.value(), median + " against " + absolute.written());
            case Bound.TimesSleep times -> {
                long sleepMs = run.repeats().getFirst().plan().sleepMs();
                yield sleepMs <= 0
                        ? Judged.inconclusive("the plan has no sleep (a guest without --service-ms)")
                        : Judged.of(
                                check,
                                value.median(),
                                times.factor() * sleepMs,
                                median + " against " + times.written() + " (sleep " + sleepMs + " ms)");
            }
            case Bound.FromBaseline change -> fromBaseline(check, server, value, change);
        };
    }

    private Judged fromBaseline(Check check, String server, Spread value, Bound.FromBaseline change) {
        if (baseline == null) {
            return Judged.inconclusive("a change from a baseline, and no --baseline was given");
        }
        List<ServerSummary> rows = baselineRows(server);
        if (rows.isEmpty()) {
            return Judged.inconclusive("no " + server + " in the baseline " + baseline.dir());
        }
        Optional<Judged> notTheServers = notTheServers(rows, "in the baseline, ");
        if (notTheServers.isPresent()) {
            return notTheServers.get();
        }
        Spread base = Spread.of(rows.stream().map(check.figure()::read).toList());
        if (Double.isNaN(base.median())) {
            return Judged.inconclusive("the baseline has no " + check.figure().checkName() + " for " + server);
        }
        boolean caps = check.operator().caps();
        if (value.runs() > 1 && base.runs() > 1) {
            double baseWorst = caps ? base.max() : base.min();
            return Judged.of(
                    check,
                    caps ? value.min() : value.max(),
                    change.applyTo(baseWorst),
                    change.written() + " on the baseline's " + (caps ? "highest" : "lowest") + " of " + base.runs()
                            + " runs ("
                            + CheckResult.withUnit(
                                    baseWorst, check.figure().unit().shown()) + "), held to this run's "
                            + (caps ? "lowest" : "highest")
                            + " of " + value.runs() + ": breached only when the ranges do not overlap");
        }
        return Judged.of(
                check,
                value.median(),
                change.applyTo(base.median()),
                change.written() + " on the baseline's "
                        + CheckResult.withUnit(
                                base.median(), check.figure().unit().shown())
                        + "; one run on a side, so its noise is not known (--repeats 3 on both sides knows it)");
    }

    /** The server's rows in the baseline; a guest against a guest when each run holds one guest alone. */
    private List<ServerSummary> baselineRows(String server) {
        List<ServerSummary> rows = baseline.rows(server);
        return rows.isEmpty() && run.oneGuest() && baseline.oneGuest()
                ? baseline.rows(baseline.servers().getFirst())
                : rows;
    }
}
