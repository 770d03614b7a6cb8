package lab.threads.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One server's row of the report: JMeter's Summary Report columns, Aggregate Report percentiles, failures by cause,
 * how close the run came to the plan's ideal, and the server's own peaks.
 *
 * @param server            the server id, also its folder name in the run folder
 * @param outcome           what the caller saw happen, e.g. "ok", "server died mid-run", "interrupted"
 * @param partial           true when samples.jtl was cut (or unreadable) before its end
 * @param notes             what was missing or unreadable in the server's files; empty when all was well
 * @param errorsByCause     failed samples per labelled cause ("server: HTTP 503", "client: java.net..."), most first
 * @param percentOfIdeal    achieved throughput as a percentage of {@code idealThroughput}
 * @param peakUsersInFlight most JMeter users running at once (the jtl's allThreads column)
 */
public record ServerSummary(String server, String outcome, boolean partial, List<String> notes,
                            SummaryReportRow summary, Percentiles percentiles, Map<String, Long> errorsByCause,
                            double idealThroughput, double percentOfIdeal, long peakUsersInFlight,
                            ServerStatsPeaks serverStats) {

    /** Names of the files the runner writes in each server's folder. */
    public static final String SAMPLES_FILE = "samples.jtl";
    public static final String STATS_FILE = "server-stats.jsonl";
    public static final String DASHBOARD_FILE = "dashboard/index.html";

    /** Reads {@code serverDir/samples.jtl} and {@code serverDir/server-stats.jsonl}; never throws on bad files. */
    public static ServerSummary from(String serverId, Path serverDir, PlanShape plan, String outcome) {
        List<String> notes = new ArrayList<>();
        SampleStatistics statistics = new SampleStatistics();
        ErrorCauses errors = new ErrorCauses();
        boolean partial = JtlReader.read(serverDir.resolve(SAMPLES_FILE), statistics.andThen(errors), notes);
        ServerStatsPeaks serverStats = ServerStatsPeaks.read(serverDir.resolve(STATS_FILE), notes);
        SummaryReportRow summary = statistics.summaryReportRow();
        double ideal = plan.idealThroughput();
        return new ServerSummary(serverId, outcome, partial, List.copyOf(notes),
                summary, statistics.percentiles(), errors.byCount(),
                ideal, ideal > 0 ? 100 * summary.throughput() / ideal : 0, statistics.peakUsersInFlight(),
                serverStats);
    }
}
