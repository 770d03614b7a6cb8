package lab.threads.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.page.TerminalTable;
import lab.threads.report.runs.SweepPoint;
import lab.threads.report.runs.SweepReport;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import lab.threads.run.Sweep;

/**
 * One case of a run as the runner reports it while it runs: its run.json before the first server, each server's row
 * as its turn ends (summarised from its folder, then judged), the case's report rewritten after each server, and the
 * table a terminal shows; over a sweep's or repeats' cases, their page ({@link #writeSweep}).
 */
public final class CaseReport {

    private final Path caseDir;
    private RunRecord metadata;
    private final PlanShape plan;
    private final List<ServerSummary> servers = new ArrayList<>();

    private CaseReport(Path caseDir, RunRecord metadata, PlanShape plan) {
        this.caseDir = caseDir;
        this.metadata = metadata;
        this.plan = plan;
    }

    /** Writes run.json before any server starts, so a case cut short is still summarised from its raw files. */
    public static CaseReport start(Path caseDir, RunRecord metadata, PlanShape plan) throws IOException {
        RunRecovery.writeStarted(caseDir, metadata, plan);
        return new CaseReport(caseDir, metadata, plan);
    }

    /**
     * A server's turn ended: its row, from the files in its folder, judged ({@link #judged}).
     *
     * @param outcome how the turn ended, as the runner saw it
     */
    public ServerFigures add(String server, RunOutcome outcome) {
        ServerSummary row = judged(ServerSummary.from(server, caseDir.resolve(server), plan, outcome));
        servers.add(row);
        metadata = metadata.withServerJdkVersions(serverJdkVersions(servers));
        return ServerFigures.of(row);
    }

    /** The case's report with the rows so far: summary.*, charts, index.html and headline.png. */
    public void write() throws IOException {
        ReportWriter.writeAll(report(), caseDir);
    }

    /** The table a terminal shows of the rows so far. */
    public String table() {
        return TerminalTable.render(report());
    }

    private RunReport report() {
        return new RunReport(metadata, plan, List.copyOf(servers));
    }

    /**
     * The page over a sweep's or repeats' cases, each server at each level over its repeats. The run groups its cases
     * so as they end, and {@code ./lab report} a finished run's from their folders: one grouping ({@link #points}), so
     * a report redone says what the run said.
     *
     * @param sweep    the run's --sweep; null for repeats alone, whose one level is the plan's name
     * @param byFolder each case, by its folder, in the order they ran
     */
    public static void writeSweep(
            Path runDir, RunRecord metadata, Sweep sweep, String planName, Map<String, CaseReport> byFolder)
            throws IOException {
        Map<String, List<ServerSummary>> rows = new LinkedHashMap<>();
        byFolder.forEach((folder, report) -> rows.put(folder, report.servers));
        SweepReport.write(runDir, metadata, points(sweep, planName, rows), List.copyOf(byFolder.keySet()));
    }

    /** Each server at each level, over its repeats: the cases' rows grouped by the level their folder names. */
    static List<SweepPoint> points(Sweep sweep, String planName, Map<String, List<ServerSummary>> byFolder) {
        Map<String, List<ServerSummary>> byLevel = new LinkedHashMap<>();
        byFolder.forEach((folder, servers) -> byLevel.computeIfAbsent(
                        sweep == null
                                ? planName
                                : sweep.levelOf(folder.split("/")[0]).orElse(folder),
                        level -> new ArrayList<>())
                .addAll(servers));
        return SweepPoint.all(sweep == null ? SweepPoint.NO_SWEEP : sweep.property(), byLevel);
    }

    /**
     * A server's turn that ran the plan to its end but measured no answer of a server to /sleep is not ok: "every
     * request failed: " and the first cause; any other turn as it ended.
     */
    static ServerSummary judged(ServerSummary summary) {
        return !summary.outcome().ok() || !summary.everyRequestFailed()
                ? summary
                : summary.withOutcome(RunOutcome.of(
                        RunOutcome.Kind.EVERY_REQUEST_FAILED, "every request failed: " + summary.topErrorCause()));
    }

    /**
     * Each server's JDK as the server's own process said it ({@code Runtime.version()} in its /stats), the run's or
     * another's (--server-jdk, or a --target server's own); "not read" when its /stats never answered.
     */
    static Map<String, String> serverJdkVersions(List<ServerSummary> servers) {
        Map<String, String> versions = new LinkedHashMap<>();
        for (ServerSummary server : servers) {
            String said =
                    server.serverStats() == null ? null : server.serverStats().jdk();
            versions.put(server.server(), said == null || said.isBlank() ? "not read" : said);
        }
        return versions;
    }
}
