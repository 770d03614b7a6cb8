package lab.threads.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.run.JvmSide;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;

/** A complete run folder of three servers, each with a seeded samples.jtl and a server-stats.jsonl a second. */
public final class RunFixture {

    public static final List<String> SERVERS = List.of("server-platform", "server-pool", "server-virtual");
    public static final PlanShape PLAN = PlanShape.closed(20_000, 20, 3, 6_000);
    /** The first line of a server's request log (server-common's RequestLog.HEADER; lab-report does not depend on it). */
    public static final String REQUEST_LOG_HEADER =
            "rid,firstOnConnection,receivedEpochUs,startedEpochUs,respondedEpochUs";

    private RunFixture() {}

    /**
     * Every server the lab will have: today's six, the talk's three on the JDK's HttpServer and the four deployed ones
     * (Tomcat and Jetty), for pages that must stay readable with all of them.
     */
    public static final List<String> THIRTEEN = List.of(
            "server-platform",
            "server-pool",
            "server-virtual",
            "server-undertow-virtual",
            "server-fixed-pool",
            "server-async",
            "server-jdk-thread",
            "server-jdk-pool",
            "server-jdk-virtual",
            "server-tomcat-pool",
            "server-tomcat-virtual",
            "server-jetty-pool",
            "server-jetty-virtual");

    public static RunReport threeServers(Path runDir) throws IOException {
        return servers(runDir, SERVERS);
    }

    /** A run of {@code servers}, each with the same kind of files as {@link #threeServers}. */
    public static RunReport servers(Path runDir, List<String> servers) throws IOException {
        return run(runDir, servers, "");
    }

    /** The talk's three servers (server-jdk-*) on the talk plan, reporting the JDK's stock settings in /stats. */
    public static RunReport talkServers(Path runDir) throws IOException {
        return run(
                runDir,
                List.of("server-jdk-thread", "server-jdk-pool", "server-jdk-virtual"),
                ",\"settings\":{\"settings\":\"stock\",\"backlog\":50,\"effectiveBacklog\":50,\"maxConnections\":"
                        + "\"unlimited\",\"framework\":{\"jdk.httpserver.maxConnections\":-1,"
                        + "\"sun.net.httpserver.maxIdleConnections\":200}}");
    }

    /** @param settings what each server's /stats lines add after their figures (a JSON member with its comma), or "" */
    private static RunReport run(Path runDir, List<String> servers, String settings) throws IOException {
        for (int i = 0; i < servers.size(); i++) {
            Path serverDir = runDir.resolve(servers.get(i));
            List<Sample> samples = withIds(JtlFixture.randomRun(10 + i, 3_000));
            JtlFixture.write(serverDir.resolve(RunFolder.SAMPLES_FILE), samples);
            Files.write(serverDir.resolve(RunFolder.REQUESTS_FILE), requestLog(samples, 30L * i));
            Files.writeString(
                    serverDir.resolve(RunFolder.STATS_FILE),
                    statsLines(100 * (i + 1)).replace("}\n", settings + "}\n"));
            Files.writeString(serverDir.resolve(RunFolder.SERVER_SECONDS_FILE), serverSeconds());
            Files.writeString(serverDir.resolve(RunFolder.CLIENT_STATS_FILE), clientLines());
            Files.writeString(serverDir.resolve(RunFolder.KERNEL_FILE), kernelLines("6.18.44", 0));
            Files.writeString(serverDir.resolve(RunFolder.SERVER_PROC_FILE), statsLines(100 * (i + 1)));
            Files.writeString(serverDir.resolve(RunFolder.CLIENT_PROC_FILE), clientLines());
        }
        return new RunReport(
                record(Map.of("jdk", "25")),
                PLAN,
                servers.stream()
                        .map(server ->
                                ServerSummary.from(server, runDir.resolve(server), PLAN, RunOutcome.fromWords("ok")))
                        .toList());
    }

    /**
     * The same three servers with the machine's ledger in each folder, every line of it a second of a 2-core machine:
     * server-platform with every core busy and the server on 1.1 of them, server-pool beside a gradle build that took
     * the cores the two sides left (0.8 of them, every core busy), server-virtual on a machine half idle.
     */
    public static RunReport ledgered(Path runDir) throws IOException {
        List<LedgerFixture.Cores> shapes = List.of(
                LedgerFixture.Cores.of(1.1, 0.6).withLab(0.3),
                LedgerFixture.Cores.of(0.6, 0.5).withLab(0.1).withOther(0.8),
                LedgerFixture.Cores.of(0.3, 0.6).withLab(0.1));
        threeServers(runDir);
        for (int i = 0; i < SERVERS.size(); i++) {
            LedgerFixture.write(
                    runDir.resolve(SERVERS.get(i)), LedgerFixture.seconds(JtlFixture.START - 2_000, 60, shapes.get(i)));
        }
        return threeServers(runDir);
    }

    /** The same three servers with both JVMs' recordings in each folder, as a --profile run leaves them. */
    public static RunReport profiled(Path runDir) throws IOException {
        for (String server : SERVERS) {
            for (JvmSide side : JvmSide.values()) {
                RecordingFixture.copyTo(runDir.resolve(server).resolve(side.recording()));
            }
        }
        return threeServers(runDir);
    }

    /** The same samples, each with a request id and, every third (a new connection), a 1 ms connect. */
    static List<Sample> withIds(List<Sample> samples) {
        return IntStream.range(0, samples.size())
                .mapToObj(i -> {
                    Sample s = samples.get(i);
                    return new Sample(
                            s.timeStamp(),
                            s.elapsed(),
                            s.responseCode(),
                            s.responseMessage(),
                            s.success(),
                            s.bytes(),
                            s.sentBytes(),
                            s.allThreads(),
                            i % 3 == 0 ? 1 : 0,
                            Integer.toString(i),
                            null);
                })
                .toList();
    }

    /**
     * The server's record of the successful samples: up to 6 s in the handler, {@code threadWaitMs} before it, 20 ms to
     * the client after it, the rest waiting before the framework (the accept queue for a connection's first request).
     */
    static List<String> requestLog(List<Sample> samples, long threadWaitMs) {
        List<String> lines = new java.util.ArrayList<>(List.of(REQUEST_LOG_HEADER));
        for (Sample s : samples) {
            if (s.success()) {
                long responded = s.endTime() - 20;
                long started = responded - Math.min(6_000, s.elapsed() - 21);
                long received = Math.max(s.timeStamp() + s.connect(), started - threadWaitMs);
                lines.add(s.requestId() + "," + (s.connect() > 0 ? 1 : 0) + "," + received * 1000 + "," + started * 1000
                        + "," + responded * 1000);
            }
        }
        return lines;
    }

    /** A recorded run folder (src/test/resources/recorded) copied whole, to be reported into. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    /** summary.json alone, as a run leaves it: all the run index and a comparison read. */
    public static Path writeSummary(Path runDir, RunReport report) throws IOException {
        Files.createDirectories(runDir);
        return Files.writeString(
                runDir.resolve(RunFolder.SUMMARY_JSON_FILE), new ObjectMapper().writeValueAsString(report));
    }

    /** The same run with other metadata (date, knobs, code...). */
    public static RunReport withMetadata(RunReport report, Map<String, Object> metadata) {
        return new RunReport(record(metadata), report.plan(), report.servers());
    }

    /** A run's record holding these keys of run.json, as the report reads them from the file. */
    public static RunRecord record(Map<String, Object> keys) {
        return new ObjectMapper().convertValue(keys, RunRecord.class);
    }

    /** The same server row with another % of the ideal, to compare against. */
    public static ServerSummary withPercentOfIdeal(ServerSummary s, double percentOfIdeal) {
        return withFigures(s, percentOfIdeal, s.summary().errorPercent(), s.validity());
    }

    /** The same server row with another % of the ideal, error % and verdict on the client. */
    public static ServerSummary withFigures(
            ServerSummary s, double percentOfIdeal, double errorPercent, ClientVerdict validity) {
        SummaryReportRow row = s.summary();
        return new ServerSummary(
                s.server(),
                s.outcome(),
                s.partial(),
                s.notes(),
                new SummaryReportRow(
                        row.samples(),
                        row.average(),
                        row.min(),
                        row.max(),
                        row.stdDev(),
                        errorPercent,
                        row.throughput(),
                        row.receivedKBPerSec(),
                        row.sentKBPerSec(),
                        row.avgBytes()),
                s.percentiles(),
                s.errorsByCause(),
                s.errorClasses(),
                s.idealThroughput(),
                percentOfIdeal,
                s.peakUsersInFlight(),
                s.serverStats(),
                s.serverView(),
                s.client(),
                validity,
                s.timeline(),
                s.kernel(),
                s.seriesGaps(),
                s.profile(),
                s.cpu(),
                s.pool(),
                s.guest(),
                s.staged(),
                s.ledger(),
                s.memory(),
                s.inFlightMemory());
    }

    /** The server's own per-second series over the fixture's 50 s: 60 responses a second, p99 a little above 6 s. */
    static String serverSeconds() {
        return IntStream.range(0, 50)
                .mapToObj(second -> String.format(
                        "{\"epochSecond\":%d,\"completed\":60,\"p50Ms\":6000.5,\"p99Ms\":%d.5,\"maxMs\":6100.0}",
                        JtlFixture.START / 1000 + second, 6_010 + second))
                .collect(Collectors.joining(",", "{\"variant\":\"fixture\",\"seconds\":[", "]}"));
    }

    /** The client's own record, a line a second: CPU, memory and GC growing steadily, the machine half busy. */
    public static String clientLines() {
        return IntStream.rangeClosed(-1, 50)
                .mapToObj(second -> String.format(
                        "{\"sampledAtMs\":%d,\"elapsedMs\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":%d,\"rssBytes\":%d,"
                                + "\"osThreads\":14,\"gcPauseMs\":%d,\"gcPauses\":%d,\"gcMaxPauseMs\":12,\"samplesInFlight\":%d,"
                                + "\"machineCpuBusyMs\":%d,\"machineCpuTotalMs\":%d,\"cores\":2}",
                        JtlFixture.START + second * 1_000L,
                        (second + 1) * 1_000L,
                        400 * (second + 2),
                        100 * (second + 2),
                        (500L + 5L * (second + 1)) << 20,
                        10 * (second + 1),
                        second + 1,
                        100 + second,
                        1_000 * (second + 2),
                        2_000 * (second + 2)))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /**
     * The runner's kernel.jsonl over the fixture's 50 s: an accept queue from t = 10 s to 19 s (peak 9, backlog 8192)
     * and {@code listenDrops} listen drops spread over the load.
     */
    public static String kernelLines(String kernelRelease, long listenDrops) {
        return IntStream.rangeClosed(-1, 50)
                .mapToObj(second -> String.format(
                        "{\"sampledAtMs\":%d,\"port\":8080,\"namespace\":\"the server's\",\"kernel\":\"%s\",\"queueSource\":\"ss\","
                                + "\"acceptQueue\":%d,\"backlog\":8192,\"listenOverflows\":%d,\"listenDrops\":%d,"
                                + "\"tcpSynRetrans\":7,\"retransSegs\":%d}",
                        JtlFixture.START + second * 1_000L,
                        kernelRelease,
                        second >= 10 && second < 20 ? second - 10 : 0,
                        100 + listenDrops * (second + 1) / 51,
                        200 + listenDrops * (second + 1) / 51,
                        1_000 + second))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /**
     * From 2 s before the first request to 2 s after the last one, threads, requests in flight and memory growing with
     * the load: 50 more requests in flight a second, the heap committed 8 MB more a second while the resident set grows
     * 10, and the live heap after GC {@code threadsPerSecond} KB more a second.
     */
    public static String statsLines(int threadsPerSecond) {
        return IntStream.rangeClosed(-2, 50)
                .mapToObj(second -> String.format(
                        "{\"sampledAtMs\":%d,\"osThreads\":%d,\"rssBytes\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":%d,"
                                + "\"inFlight\":%d,\"heapCommittedBytes\":%d,\"heapAfterGcBytes\":%d}",
                        JtlFixture.START + second * 1_000L,
                        20 + threadsPerSecond * Math.max(0, second),
                        (100L + 10L * Math.max(0, second)) << 20,
                        1_000 + 300 * (second + 2),
                        500 + 100 * (second + 2),
                        50 * Math.max(0, second),
                        (64L + 8L * Math.max(0, second)) << 20,
                        (20L << 20) + 1024L * threadsPerSecond * Math.max(0, second)))
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
