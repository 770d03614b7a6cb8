package lab.threads.hyperfoil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.model.samples.JtlReader;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SampleStatistics;
import lab.threads.model.summary.SummaryReportRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real run against a loopback server on port 0: every request Hyperfoil sent in the measured second is one
 * record, read by the lab's own reader, and the lab's Summary Report math and percentiles over them match the formulas
 * computed here from the records themselves (as JMeterMathTest checks JMeter's); its client-stats.jsonl counts them.
 */
class HyperfoilRecordsTest {
    private static final byte[] BODY = "{\"slept\":0}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void eachMeasuredRequestIsOneRecordTheLabsSummaryMathReads() throws Exception {
        AtomicLong served = new AtomicLong();
        Set<String> servedIds = java.util.concurrent.ConcurrentHashMap.newKeySet();
        HttpServer server = serve(exchange -> {
            served.incrementAndGet();
            String query = exchange.getRequestURI().getQuery();
            servedIds.add(query.substring(query.indexOf("rid=") + 4));
            answer(exchange);
        });
        Path jtl = runAgainst(
                server, "samples.jtl", "--connections=4", "--warmup-ms=300", "--duration-ms=1000", "--threads=1");

        List<Sample> samples = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        SampleStatistics statistics = new SampleStatistics();
        assertEquals(false, JtlReader.read(jtl, statistics.andThen(samples::add), notes), "complete file");
        assertEquals(List.of(), notes);
        assertTrue(samples.size() > 10, "a second of back-to-back requests: " + samples.size());
        assertTrue(samples.size() < served.get(), "the warm-up's requests are served but not recorded");

        Set<String> ids = new HashSet<>();
        for (Sample sample : samples) {
            assertEquals("200", sample.responseCode());
            assertTrue(sample.success());
            assertTrue(sample.bytes() > BODY.length, "status line, headers and body");
            assertTrue(sample.sentBytes() > 0);
            assertTrue(ids.add(sample.requestId()), "one record per request id");
            assertTrue(servedIds.contains(sample.requestId()), "the id the server saw");
        }

        // JMeter's Calculator, computed here from the records: mean, population std dev, samples over the span.
        long first = samples.stream().mapToLong(Sample::timeStamp).min().orElseThrow();
        long lastEnd = samples.stream()
                .mapToLong(s -> s.timeStamp() + s.elapsed())
                .max()
                .orElseThrow();
        double mean = samples.stream().mapToLong(Sample::elapsed).average().orElseThrow();
        double variance = samples.stream()
                        .mapToDouble(s -> (s.elapsed() - mean) * (s.elapsed() - mean))
                        .sum()
                / samples.size();
        SummaryReportRow row = statistics.summaryReportRow();
        assertEquals(samples.size(), row.samples());
        assertEquals(mean, row.average(), 1e-9);
        assertEquals(Math.sqrt(variance), row.stdDev(), 1e-9);
        assertEquals(samples.size() * 1000.0 / (lastEnd - first), row.throughput(), 1e-9);
        assertEquals(0, row.errorPercent());
        assertEquals(samples.stream().mapToLong(Sample::elapsed).min().orElseThrow(), row.min());
        assertEquals(samples.stream().mapToLong(Sample::elapsed).max().orElseThrow(), row.max());
        long received = samples.stream().mapToLong(Sample::bytes).sum();
        long sent = samples.stream().mapToLong(Sample::sentBytes).sum();
        assertEquals(received / 1024.0 * 1000 / (lastEnd - first), row.receivedKBPerSec(), 1e-9);
        assertEquals(sent / 1024.0 * 1000 / (lastEnd - first), row.sentKBPerSec(), 1e-9);
        assertEquals((double) received / samples.size(), row.avgBytes(), 1e-9);
        // The Aggregate Report's nearest rank, computed here: the smallest value whose rank reaches round(n x p).
        long[] sorted = samples.stream().mapToLong(Sample::elapsed).sorted().toArray();
        Percentiles percentiles = statistics.percentiles();
        assertEquals(sorted[(int) Math.max(1, Math.round(sorted.length * 0.5)) - 1], percentiles.p50());
        assertEquals(sorted[(int) Math.max(1, Math.round(sorted.length * (double) 0.99f)) - 1], percentiles.p99());

        // Its own health beside the records, as the JMeter fork writes it: CPU, the requests it recorded.
        List<JsonNode> lines = Files.readAllLines(dir.resolve("client-stats.jsonl")).stream()
                .map(HyperfoilRecordsTest::json)
                .toList();
        assertTrue(lines.size() >= 2, "a line at the start and one at the end: " + lines.size());
        JsonNode last = lines.getLast();
        assertEquals(samples.size(), last.path("samplesCompleted").asLong(), "the last line counts every record");
        assertEquals(0, last.path("errors").asLong());
        assertTrue(last.path("cpuUserMs").asLong() + last.path("cpuSystemMs").asLong() > 0, last.toString());
        assertTrue(lines.getFirst().path("elapsedMs").asLong() < 0, "the warm-up's line comes before second 0");
        // Second 0 is the first measured request's start, which may come a few ms after the phase's own start (the
        // phase, not its first request, lasts the second): the last line comes once the last record has ended. 2 ms:
        // the records' start and elapsed are each cut to the ms, the line's clock is the nanosecond one.
        assertTrue(
                last.path("elapsedMs").asLong() >= lastEnd - first - 2,
                "the last line after the measured requests: " + last.path("elapsedMs") + " vs " + (lastEnd - first));
        assertTrue(lastEnd - first >= 900, "the measured phase lasted its second: " + (lastEnd - first));
    }

    /**
     * Second 0 of the report is the first measured request's start, however late the measured phase began: it starts
     * once the warm-up's last answer is in (and, with thousands of connections, once they are all open), so the
     * clock planned at start-up is moved there. Provoked: the warm-up's first answers come 600 ms after a 200 ms
     * warm-up ended.
     */
    @Test
    void secondZeroIsTheFirstMeasuredRequestEvenWhenTheWarmUpEndsLate() throws Exception {
        AtomicLong requests = new AtomicLong();
        HttpServer server = serve(exchange -> {
            if (requests.incrementAndGet() <= 2) {
                try {
                    Thread.sleep(800);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            answer(exchange);
        });
        Path jtl = runAgainst(
                server, "late.jtl", "--connections=2", "--warmup-ms=200", "--duration-ms=300", "--threads=1");
        List<Sample> samples = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        JtlReader.read(jtl, samples::add, notes);
        long firstStart = samples.stream().mapToLong(Sample::timeStamp).min().orElseThrow();
        List<ClientSnapshot> lines = ClientSnapshot.read(dir.resolve("client-stats.jsonl"), notes);
        long planned = lines.getFirst().sampledAtMs() - lines.getFirst().elapsedMs();
        assertTrue(firstStart - planned >= 400, "provoked: the measured phase began late: " + (firstStart - planned));
        // In long ms: assertEquals with a delta would pick its float overload, whose epoch ms are 131 s apart.
        long offBy = ClientHealth.of(lines, List.of()).scheduleStartMs() - firstStart;
        assertTrue(Math.abs(offBy) <= 3, "the report's second 0 is the first measured request's start: " + offBy);
    }

    /** A guest's records carry its path and query, as JMeter's sampler is named for a guest (GuestSamplers). */
    @Test
    void aGuestsRecordsAreLabelledWithItsPathAsJMetersAre() {
        String[] common = {"--port=1", "--jtl=" + dir.resolve("x.jtl")};
        assertEquals("GET /sleep", HyperfoilMain.PlanFlags.parse(common).label());
        String[] guest = {"--port=1", "--jtl=" + dir.resolve("x.jtl"), "--path=/api/orders?id=1"};
        assertEquals(
                "GET /api/orders?id=1", HyperfoilMain.PlanFlags.parse(guest).label());
    }

    /** With a rate, requests arrive at it (Poisson-spaced) whatever the answers: about rate x seconds of them. */
    @Test
    void aRateSendsThatManyRequestsASecond() throws Exception {
        HttpServer server = serve(HyperfoilRecordsTest::answer);
        Path jtl = runAgainst(
                server,
                "rate.jtl",
                // Sessions enough for a busy machine's slow answers: fewer would throttle the arrivals (Hyperfoil
                // says "Pool depleted"), which the lab's schedule check then reports as the client's lateness.
                "--connections=50",
                "--rate=200",
                "--warmup-ms=0",
                "--duration-ms=1000",
                "--threads=1");
        long records = Files.readAllLines(jtl).size() - 1;
        // Poisson arrivals: 200 expected, a standard deviation of about 14; back to back would send thousands.
        assertTrue(records > 140 && records < 260, "about 200 arrivals in the second: " + records);
    }

    /**
     * A spike's or step plan's groups run as phases of their own, each its users from its start for its time: a base
     * of 2 for 2 s and 3 more from the first second for 1 s are 5 sessions, and no request starts before the base's.
     */
    @Test
    void groupsRunAsPhasesEachWithItsUsers() throws Exception {
        HttpServer server = serve(exchange -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer(exchange);
        });
        Path jtl = runAgainst(server, "groups.jtl", "--connections=5", "--groups=0:2:2,1:1:3", "--threads=1");

        List<Sample> samples = new ArrayList<>();
        Set<String> sessions = new HashSet<>();
        List<String> lines = Files.readAllLines(jtl);
        for (String line : lines.subList(1, lines.size())) {
            sessions.add(line.split(",")[5]);
        }
        JtlReader.read(jtl, samples::add, new ArrayList<>());
        assertEquals(5, sessions.size(), "2 base users and 3 of the spike: " + sessions);
        long first = samples.stream().mapToLong(Sample::timeStamp).min().orElseThrow();
        long last = samples.stream().mapToLong(Sample::timeStamp).max().orElseThrow();
        assertTrue(last - first < 2_500, "every request within the base's 2 s: " + (last - first) + " ms");
    }

    /**
     * A run that measured nothing is not a result: against a port where nothing listens Hyperfoil opens no
     * connection, and the run ends with its own exit code and the reason, not "done" with an empty file.
     */
    @Test
    void aRunThatMeasuredNothingEndsWithItsOwnExitCode() throws Exception {
        int closedPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        Path jtl = dir.resolve("nothing.jtl");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream before = System.err;
        System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            // Bounded: were Hyperfoil to wait for its connections for ever, this fails instead of hanging the build.
            exit = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(60),
                    () -> HyperfoilMain.run(HyperfoilMain.PlanFlags.parse(new String[] {
                        "--port=" + closedPort,
                        "--connections=2",
                        "--warmup-ms=0",
                        "--duration-ms=300",
                        "--timeout-ms=1000",
                        "--threads=1",
                        "--jtl=" + jtl
                    })));
        } finally {
            System.setErr(before);
        }
        assertEquals(HyperfoilMain.EXIT_NOTHING_MEASURED, exit);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no request was measured"), err::toString);
        assertEquals(1, Files.readAllLines(jtl).size(), "the header alone");
    }

    /** Runs Hyperfoil's main against {@code server} with these flags, then stops the server; the records' file. */
    private Path runAgainst(HttpServer server, String jtlName, String... flags) throws Exception {
        Path jtl = dir.resolve(jtlName);
        List<String> args = new ArrayList<>(List.of(flags));
        args.add("--port=" + server.getAddress().getPort());
        args.add("--jtl=" + jtl);
        try {
            HyperfoilMain.main(args.toArray(String[]::new));
        } finally {
            server.stop(0);
        }
        return jtl;
    }

    /** A loopback server on port 0 whose /sleep runs {@code onSleep} on a virtual thread each. */
    private static HttpServer serve(com.sun.net.httpserver.HttpHandler onSleep) throws java.io.IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/sleep", onSleep);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        return server;
    }

    /** What the lab's servers answer to /sleep?ms=0, the body included. */
    private static void answer(com.sun.net.httpserver.HttpExchange exchange) throws java.io.IOException {
        exchange.sendResponseHeaders(200, BODY.length);
        exchange.getResponseBody().write(BODY);
        exchange.close();
    }

    private static JsonNode json(String line) {
        try {
            return new ObjectMapper().readTree(line);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
