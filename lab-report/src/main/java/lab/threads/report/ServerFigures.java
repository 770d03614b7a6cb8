package lab.threads.report;

import lab.threads.model.samples.ClientHealth;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.RunOutcome;

/**
 * What the runner reads of a server's row once its turn ended: how it ended, and each side's CPU over its requests, for
 * the forecast.
 *
 * @param outcome     judged ({@link CaseReport#add}: a turn whose every request failed is not ok)
 * @param clientCpuMs null when its users ran on workers or it was not read
 * @param serverCpuMs null when not read to the end (its /stats fell silent, or gave none)
 */
public record ServerFigures(String server, RunOutcome outcome, long requests, Long clientCpuMs, Long serverCpuMs) {

    static ServerFigures of(ServerSummary row) {
        ClientHealth client = row.client();
        ServerStatsPeaks stats = row.serverStats();
        return new ServerFigures(
                row.server(),
                row.outcome(),
                row.summary().samples(),
                client.distributed() || client.cpuUserMs() == null || client.cpuSystemMs() == null
                        ? null
                        : client.cpuUserMs() + client.cpuSystemMs(),
                stats == null || stats.processCpuMs() == null || stats.silentAtEndSeconds() != null
                        ? null
                        : stats.processCpuMs());
    }
}
