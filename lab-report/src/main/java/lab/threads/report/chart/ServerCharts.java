package lab.threads.report.chart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientPoint;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.model.samples.JtlReader;
import lab.threads.report.raw.ServerSecond;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;

/**
 * One server's per-second series as charted on index.html and written to charts.json, all in seconds since its first
 * sample start.
 *
 * @param runStartMs    second 0 of every series, epoch ms; null when it has no sample
 * @param arrivals      an open plan's seconds by arrival; empty for a closed plan
 * @param outsideStats  the server process read from /proc by the runner: goes on when /stats stops
 * @param outsideClient the client fork read from /proc by the runner
 */
public record ServerCharts(
        String server,
        Long runStartMs,
        List<SampleSecond> samples,
        List<StatsPoint> stats,
        List<ServerTimingPoint> serverSeconds,
        List<ClientPoint> client,
        List<ArrivalSecond> arrivals,
        List<AcceptQueuePoint> acceptQueue,
        List<StatsPoint> outsideStats,
        List<ClientPoint> outsideClient) {

    /** One second of the server's own timing, placed on the run's axis. */
    public record ServerTimingPoint(double second, long responses, double p50Ms, double p99Ms) {}

    /** One streaming pass over each of the server's files; never throws on bad files. */
    public static ServerCharts read(String server, Path serverDir, PlanShape plan) {
        // The summary already turned every problem with these files into a note: here they would only repeat.
        List<String> repeatedNotes = new ArrayList<>();
        SampleTimeline timeline = new SampleTimeline();
        JtlReader.read(serverDir.resolve(RunFolder.SAMPLES_FILE), timeline, repeatedNotes);
        OptionalLong runStart = timeline.runStartMs();
        if (runStart.isEmpty()) {
            return new ServerCharts(
                    server, null, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                    List.of());
        }
        long origin = runStart.getAsLong();
        List<ServerTimingPoint> serverSeconds =
                ServerSecond.read(serverDir.resolve(RunFolder.SERVER_SECONDS_FILE), repeatedNotes).stream()
                        .map(second -> new ServerTimingPoint(
                                (second.epochSecond() * 1000 - origin) / 1000.0,
                                second.completed(),
                                second.p50Ms(),
                                second.p99Ms()))
                        .filter(point -> point.second() >= -1
                                && point.second() <= timeline.seconds().size() + 1)
                        .toList();
        List<ClientSnapshot> client =
                ClientSnapshot.read(serverDir.resolve(RunFolder.CLIENT_STATS_FILE), repeatedNotes);
        List<ClientPoint> clientPoints = ClientPoint.of(client, origin);
        Long scheduleStart = ClientHealth.of(client, clientPoints).scheduleStartMs();
        return new ServerCharts(
                server,
                origin,
                timeline.seconds(),
                StatsTimeline.read(serverDir.resolve(RunFolder.STATS_FILE), origin, repeatedNotes),
                serverSeconds,
                clientPoints,
                timeline.arrivalSeconds(plan, scheduleStart == null ? origin : scheduleStart),
                AcceptQueuePoint.read(serverDir.resolve(RunFolder.KERNEL_FILE), origin, repeatedNotes),
                // The same field names as the processes' own records: read alike.
                StatsTimeline.read(serverDir.resolve(RunFolder.SERVER_PROC_FILE), origin, repeatedNotes),
                ClientPoint.of(
                        ClientSnapshot.read(serverDir.resolve(RunFolder.CLIENT_PROC_FILE), repeatedNotes), origin));
    }
}
