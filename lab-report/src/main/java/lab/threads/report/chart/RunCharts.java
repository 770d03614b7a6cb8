package lab.threads.report.chart;

import java.nio.file.Path;
import java.util.List;
import lab.threads.report.summary.RunReport;

/** The per-second series of every server of a run, in the report's order: what charts.json holds. */
public record RunCharts(List<ServerCharts> servers) {

    public static RunCharts read(RunReport report, Path runDir) {
        return new RunCharts(report.servers().stream()
                .map(server -> ServerCharts.read(server.server(), runDir.resolve(server.server()), report.plan()))
                .toList());
    }
}
