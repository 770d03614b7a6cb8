package lab.threads.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.checks.Check;
import lab.threads.report.checks.CheckFigure;
import lab.threads.report.checks.CheckJudge;
import lab.threads.report.checks.CheckResult;
import lab.threads.report.checks.ChecksFile;
import lab.threads.report.checks.ChecksReport;
import lab.threads.report.runs.BadRunFolder;
import lab.threads.report.runs.ComparedRun;

/**
 * The checks of {@code --check} and {@code --checks} and their baseline: refused before any load, judged on a run
 * already written, so a check never costs a measured result.
 */
public final class RunChecks {
    /** No check given: a run exits as it always has. */
    public static final RunChecks NONE = new RunChecks(List.of(), null);

    private final List<Check> checks;
    private final ComparedRun baseline;

    private RunChecks(List<Check> checks, ComparedRun baseline) {
        this.checks = checks;
        this.baseline = baseline;
    }

    /**
     * @param file     {@code --checks}; null for none
     * @param baseline {@code --baseline}: a run, a case of a sweep or a folder of repeats; null for none
     * @throws IllegalArgumentException in one line: a malformed check, an unknown figure, a change without a baseline,
     *                                  a baseline that holds no run
     */
    public static RunChecks of(List<String> expressions, Path file, Path baseline) {
        List<Check> checks = new ArrayList<>();
        expressions.stream().filter(text -> !text.isBlank()).map(Check::parse).forEach(checks::add);
        if (file != null) {
            checks.addAll(ChecksFile.read(file));
        }
        if (checks.isEmpty() && baseline != null) {
            throw new IllegalArgumentException(
                    "--baseline is what checks compare with: give --check or --checks too (the figures are "
                            + CheckFigure.names() + ")");
        }
        List<String> relative =
                checks.stream().filter(Check::relative).map(Check::text).toList();
        if (!relative.isEmpty() && baseline == null) {
            throw new IllegalArgumentException("the check(s) " + relative + " are a change from a baseline run: give "
                    + "--baseline <run folder>, or an absolute bound (p99<=7000ms, p99<=1.2x sleep)");
        }
        return new RunChecks(List.copyOf(checks), baseline == null ? null : read(baseline));
    }

    public boolean none() {
        return checks.isEmpty();
    }

    /** @throws IllegalArgumentException when a check names a server that is none of {@code servers} */
    public void refuseServersOtherThan(Collection<String> servers) {
        for (Check check : checks) {
            if (check.server() != null && servers.stream().noneMatch(check::covers)) {
                throw new IllegalArgumentException("the check '" + check.text() + "' names the server '"
                        + check.server() + "', which this run does not run: " + servers);
            }
        }
    }

    /** The checks judged; the exit code 0 when all passed, 3 when one breached, else 4 when one was inconclusive. */
    public record Judged(int exitCode, List<String> lines, Path markdown) {}

    /**
     * Judges the checks on the run in {@code runDir} and writes checks.json, .xml and .md in {@code folder}.
     *
     * @throws IllegalArgumentException when {@code runDir} holds no run the checks can read
     */
    public Judged judge(Path runDir, Path folder) throws IOException {
        List<CheckResult> results = new CheckJudge(read(runDir), baseline).judge(checks);
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("run", runDir.toString());
        about.put("baseline", baseline == null ? "none" : baseline.dir().toString());
        ChecksReport report = ChecksReport.of(results, about);
        Path markdown = report.write(folder);
        List<String> lines = new ArrayList<>();
        lines.add("Checks: " + report.counts() + " -> " + markdown + " (also checks.json, checks.xml)");
        results.forEach(result -> lines.add("   " + result.line()));
        return new Judged(report.exitCode(), lines, markdown);
    }

    private static ComparedRun read(Path dir) {
        try {
            return ComparedRun.read(dir);
        } catch (BadRunFolder e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
