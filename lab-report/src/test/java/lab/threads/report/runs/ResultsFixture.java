package lab.threads.report.runs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.RunReport;
import lab.threads.run.RunFolder;

/**
 * A results folder as runs leave it, of one run's figures: two plain runs, a sweep of two levels with two repeats
 * each, a comparison, a ./lab tasks run, and folders of no run (empty, broken, hidden).
 */
public final class ResultsFixture {

    static final String OLDEST = "2026-01-01T10-00-00";
    public static final String SWEEP = "2026-01-02T10-00-00";
    static final String NEWEST = "2026-01-03T10-00-00";
    static final List<String> SWEEP_CASES =
            List.of("users-100/repeat-1", "users-100/repeat-2", "users-200/repeat-1", "users-200/repeat-2");
    static final String COMPARISON = "compare-2026-01-04T10-00-00";
    static final String TASKS = "2026-01-05T10-00-00-tasks";

    private ResultsFixture() {}

    public static void fill(Path results, RunReport run) throws IOException {
        RunFixture.writeSummary(
                results.resolve(OLDEST), RunFixture.withMetadata(run, metadata("2026-01-01T10:00:00Z", "20000")));
        RunFixture.writeSummary(
                results.resolve(NEWEST), RunFixture.withMetadata(run, metadata("2026-01-03T10:00:00Z", "20000")));
        Path sweep = results.resolve(SWEEP);
        Map<String, Object> sweepMetadata = metadata("2026-01-02T10:00:00Z", "20000");
        sweepMetadata.put("sweep", "users=100,200");
        sweepMetadata.put("repeats", 2);
        for (String folder : SWEEP_CASES) {
            Map<String, Object> caseMetadata = new LinkedHashMap<>(sweepMetadata);
            caseMetadata.put(
                    "planProperties", Map.of("users", folder.substring("users-".length(), folder.indexOf('/'))));
            RunFixture.writeSummary(sweep.resolve(folder), RunFixture.withMetadata(run, caseMetadata));
        }
        SweepReport.write(sweep, RunFixture.record(sweepMetadata), List.of(), SWEEP_CASES);
        Files.createDirectories(results.resolve(COMPARISON));
        Files.writeString(results.resolve(COMPARISON).resolve(ComparisonReport.FILE), "<html></html>");
        Files.createDirectories(results.resolve(TASKS));
        // A ./lab tasks run of one seed whose one run did not complete every task (the fields the index reads).
        Files.writeString(
                results.resolve(TASKS).resolve(RunFolder.TASKS_FILE),
                "{\"metadata\":{\"repeats\":1},\"cases\":[{\"seed\":\"003\",\"completedRuns\":0,\"runs\":[{}]}]}");
        Files.createDirectories(results.resolve("scratch"));
        Files.createDirectories(results.resolve("broken"));
        Files.writeString(results.resolve("broken").resolve(RunFolder.SUMMARY_JSON_FILE), "{not json");
        Files.createDirectories(results.resolve(RunFolder.CLIENT_HOME_DIR));
    }

    /** What a run records, in its order, with the values of this machine. */
    static Map<String, Object> metadata(String date, String users) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("date", date);
        metadata.put("command", "./lab run --users " + users);
        metadata.put("gitRevision", "0f7f5bc1a2b3");
        metadata.put("jdk", "25.0.3+9-LTS (Eclipse Adoptium)");
        metadata.put("os", "Linux 6.18.44-fc-v782 amd64");
        metadata.put("cores", 2);
        metadata.put("plan", "talk");
        metadata.put("planProperties", Map.of("users", users));
        metadata.put("client", "JMeter users on virtual threads");
        metadata.put("serverJvmFlags", "-Xms1g -Xmx2g");
        return metadata;
    }
}
