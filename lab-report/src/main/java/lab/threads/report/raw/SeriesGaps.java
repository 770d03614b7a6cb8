package lab.threads.report.raw;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/** Where a once-a-second series misses more than {@link #GAP_MS} in the load, against the runner's /proc view. */
public final class SeriesGaps {
    /** One line a second: a longer silence is the series', not the sampler's rhythm. */
    public static final long GAP_MS = 2_000;

    private static final String NO_OUTSIDE =
            "there is no outside /proc series (a --target server, or a run made before the lab read /proc)";

    /** A stretch without a line, epoch ms. */
    record Gap(long fromMs, long toMs) {}

    /** One process's own record and the runner's /proc view of it ({@code outside} null for a split load's). */
    private record Pair(String inside, String silence, String outside, String whose) {}

    private static final List<Pair> PAIRS = List.of(
            new Pair(RunFolder.STATS_FILE, "server /stats did not answer", RunFolder.SERVER_PROC_FILE, "the server"),
            new Pair(
                    RunFolder.CLIENT_STATS_FILE,
                    "the client's own record (client-stats.jsonl) has no line",
                    RunFolder.CLIENT_PROC_FILE,
                    "the client"));

    private SeriesGaps() {}

    /** @return a sentence for each series with a gap during the load (first sample start to last end); empty if none */
    public static List<String> describe(Path serverDir, long loadStartMs, long loadEndMs) {
        return describe(withProcesses(PAIRS, serverDir), serverDir, loadStartMs, loadEndMs);
    }

    /** The same for a guest, which keeps no record of its own to have gaps in: the client's series only. */
    public static List<String> describeGuest(Path serverDir, long loadStartMs, long loadEndMs) {
        return describe(withProcesses(PAIRS.subList(1, 2), serverDir), serverDir, loadStartMs, loadEndMs);
    }

    /** The pairs and each client process's own record: the merged record hides a process that stalled alone. */
    private static List<Pair> withProcesses(List<Pair> pairs, Path serverDir) {
        List<Pair> all = new ArrayList<>(pairs);
        List<Path> processes = RunFolder.clientProcessDirs(serverDir);
        for (int i = 0; i < processes.size(); i++) {
            String record = processes.get(i).getFileName() + "/" + RunFolder.CLIENT_STATS_FILE;
            all.add(new Pair(
                    record, "client process " + (i + 1) + "'s own record (" + record + ") has no line", null, null));
        }
        return all;
    }

    private static List<String> describe(List<Pair> pairs, Path serverDir, long loadStartMs, long loadEndMs) {
        List<String> sentences = new ArrayList<>();
        for (Pair pair : pairs) {
            List<Gap> inside = gaps(serverDir.resolve(pair.inside()), loadStartMs, loadEndMs);
            if (pair.outside() == null) {
                if (!inside.isEmpty()) {
                    sentences.add(pair.silence() + " " + span(inside, loadStartMs));
                }
                continue;
            }
            Path outsideFile = serverDir.resolve(pair.outside());
            List<Gap> outside = Files.exists(outsideFile) ? gaps(outsideFile, loadStartMs, loadEndMs) : null;
            if (!inside.isEmpty()) {
                String cover = outside == null
                        ? NO_OUTSIDE
                        : overlaps(inside, outside).isEmpty()
                                ? "the outside /proc series covers it"
                                : "the outside /proc series misses " + span(overlaps(inside, outside), loadStartMs)
                                        + " too";
                sentences.add(pair.silence() + " " + span(inside, loadStartMs) + "; " + cover);
            } else if (outside != null && !outside.isEmpty()) {
                sentences.add("the outside /proc series of " + pair.whose() + " misses " + span(outside, loadStartMs)
                        + "; its own record covers it");
            }
        }
        return List.copyOf(sentences);
    }

    /** Gaps over {@link #GAP_MS} between the lines of a jsonl ({@code sampledAtMs}) inside [start, end]. */
    static List<Gap> gaps(Path jsonl, long startMs, long endMs) {
        List<Long> times = new ArrayList<>();
        // A missing or damaged file is already in the notes where it matters; here it is one long gap.
        JsonLinesFile.read(
                jsonl,
                "",
                line -> {
                    if (line.path("sampledAtMs").isNumber()) {
                        times.add(line.get("sampledAtMs").asLong());
                    }
                },
                new ArrayList<>());
        times.sort(null);
        List<Gap> gaps = new ArrayList<>();
        long previous = startMs;
        for (long time : times) {
            if (time > endMs) {
                break;
            }
            if (time - previous > GAP_MS) {
                gaps.add(new Gap(previous, time));
            }
            previous = Math.max(previous, time);
        }
        if (endMs - previous > GAP_MS) {
            gaps.add(new Gap(previous, endMs));
        }
        return gaps;
    }

    private static List<Gap> overlaps(List<Gap> some, List<Gap> others) {
        return some.stream()
                .flatMap(a -> others.stream()
                        .map(b -> new Gap(Math.max(a.fromMs(), b.fromMs()), Math.min(a.toMs(), b.toMs()))))
                .filter(both -> both.toMs() > both.fromMs())
                .toList();
    }

    /** "t = 12-40 s, 60-63 s", in seconds since the first sample start, as on the charts' axis. */
    private static String span(List<Gap> gaps, long originMs) {
        return gaps.stream()
                .map(gap -> String.format(
                        Locale.ROOT,
                        "%.0f-%.0f s",
                        (gap.fromMs() - originMs) / 1000.0,
                        (gap.toMs() - originMs) / 1000.0))
                .collect(Collectors.joining(", ", "t = ", ""));
    }
}
