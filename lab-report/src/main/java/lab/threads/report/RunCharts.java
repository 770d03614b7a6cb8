package lab.threads.report;

import java.nio.file.Path;
import java.util.List;

/** The per-second series of every server of a run, in the report's order: what charts.json holds. */
public record RunCharts(List<ServerCharts> servers) {

    static RunCharts read(RunReport report, Path runDir) {
        return new RunCharts(report.servers().stream()
                .map(server -> ServerCharts.read(server.server(), runDir.resolve(server.server()), report.plan()))
                .toList());
    }
}
