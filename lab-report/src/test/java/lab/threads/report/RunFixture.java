package lab.threads.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A complete run folder of three servers, each with a seeded samples.jtl and a server-stats.jsonl a second. */
final class RunFixture {

    static final List<String> SERVERS = List.of("server-platform", "server-pool", "server-virtual");
    static final PlanShape PLAN = new PlanShape(20_000, 20, 3, 6_000);

    private RunFixture() {
    }

    static RunReport threeServers(Path runDir) throws IOException {
        for (int i = 0; i < SERVERS.size(); i++) {
            Path serverDir = runDir.resolve(SERVERS.get(i));
            JtlFixture.write(serverDir.resolve(ServerSummary.SAMPLES_FILE), JtlFixture.randomRun(10 + i, 3_000));
            Files.writeString(serverDir.resolve(ServerSummary.STATS_FILE), statsLines(100 * (i + 1)));
        }
        return new RunReport(Map.of("jdk", "25"), PLAN, SERVERS.stream()
                .map(server -> ServerSummary.from(server, runDir.resolve(server), PLAN, "ok"))
                .toList());
    }

    /** From 2 s before the first request to 2 s after the last one, threads and RSS growing with the load. */
    private static String statsLines(int threadsPerSecond) {
        return IntStream.rangeClosed(-2, 50).mapToObj(second -> String.format(
                        "{\"sampledAtMs\":%d,\"osThreads\":%d,\"rssBytes\":%d,\"cpuUserMs\":%d,\"cpuSystemMs\":%d}",
                        JtlFixture.START + second * 1_000L, 20 + threadsPerSecond * Math.max(0, second),
                        (100L + 10L * Math.max(0, second)) << 20, 1_000 + 300 * (second + 2), 500 + 100 * (second + 2)))
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
