package lab.threads.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One server's per-second series, as charted on index.html and written to charts.json.
 *
 * @param runStartMs its first sample's start, epoch ms: second 0 of both series; null when it has no sample
 * @param samples    what JMeter saw, second by second
 * @param stats      what the server's /stats said; empty without samples, as there is no time axis to put it on
 */
public record ServerCharts(String server, Long runStartMs, List<SampleSecond> samples, List<StatsPoint> stats) {

    /** One streaming pass over each of the server's two files; never throws on bad files. */
    static ServerCharts read(String server, Path serverDir) {
        // The summary already turned every problem with these files into a note: here they would only repeat.
        List<String> repeatedNotes = new ArrayList<>();
        SampleTimeline timeline = new SampleTimeline();
        JtlReader.read(serverDir.resolve(ServerSummary.SAMPLES_FILE), timeline, repeatedNotes);
        OptionalLong runStart = timeline.runStartMs();
        if (runStart.isEmpty()) {
            return new ServerCharts(server, null, List.of(), List.of());
        }
        return new ServerCharts(server, runStart.getAsLong(), timeline.seconds(),
                StatsTimeline.read(serverDir.resolve(ServerSummary.STATS_FILE), runStart.getAsLong(), repeatedNotes));
    }
}
