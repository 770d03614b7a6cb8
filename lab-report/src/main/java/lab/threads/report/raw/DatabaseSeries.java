package lab.threads.report.raw;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import lab.threads.model.samples.JsonLinesFile;

/** The database's own view of the servers' connections once a second ({@code database.jsonl}). */
public record DatabaseSeries(List<Point> samples) {

    /** @param sleeping of the connections, those in {@code pg_sleep}: the lab's query, running */
    public record Point(long sampledAtMs, boolean answered, int connections, int sleeping) {}

    /** @return null without the file (a run through no database) or without a sample in the load */
    public static DatabaseSeries read(Path file, long fromMs, long toMs, List<String> notes) {
        if (!java.nio.file.Files.exists(file)) {
            return null;
        }
        List<Point> points = new ArrayList<>();
        JsonLinesFile.read(
                file,
                "no database view",
                line -> {
                    long at = line.path("sampledAtMs").asLong(0);
                    if (at >= fromMs && at <= toMs) {
                        points.add(new Point(
                                at,
                                line.path("answered").asBoolean(false),
                                line.path("connections").asInt(),
                                line.path("sleeping").asInt()));
                    }
                },
                notes);
        return points.isEmpty() ? null : new DatabaseSeries(List.copyOf(points));
    }

    public int peakConnections() {
        return samples.stream().mapToInt(Point::connections).max().orElse(0);
    }

    public int peakSleeping() {
        return samples.stream().mapToInt(Point::sleeping).max().orElse(0);
    }

    /** Samples it did not answer: about the seconds it was down. */
    public long unanswered() {
        return samples.stream().filter(point -> !point.answered()).count();
    }

    /** When it first did not answer, and when it last did not, epoch ms; empty when it always answered. */
    public List<Long> downSpan() {
        List<Long> down = samples.stream()
                .filter(point -> !point.answered())
                .map(Point::sampledAtMs)
                .toList();
        return down.isEmpty() ? List.of() : List.of(down.getFirst(), down.getLast());
    }
}
