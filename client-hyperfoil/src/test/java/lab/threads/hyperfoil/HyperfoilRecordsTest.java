package lab.threads.hyperfoil;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import lab.threads.report.math.SampleStatistics;
import lab.threads.report.math.SummaryReportRow;
import lab.threads.report.raw.JtlReader;
import lab.threads.report.raw.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short real run against a loopback server on port 0: every request Hyperfoil sent in the measured second is one
 * record, read by the lab's own reader, and the lab's Summary Report math over them matches the formulas computed here
 * from the records themselves.
 */
class HyperfoilRecordsTest {
    private static final byte[] BODY = "{\"slept\":0}".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void eachMeasuredRequestIsOneRecordTheLabsSummaryMathReads() throws Exception {
        AtomicLong served = new AtomicLong();
        Set<String> servedIds = java.util.concurrent.ConcurrentHashMap.newKeySet();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/sleep", exchange -> {
            served.incrementAndGet();
            String query = exchange.getRequestURI().getQuery();
            servedIds.add(query.substring(query.indexOf("rid=") + 4));
            exchange.sendResponseHeaders(200, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        Path jtl = dir.resolve("samples.jtl");
        try {
            HyperfoilMain.main(new String[] {
                "--port=" + server.getAddress().getPort(),
                "--connections=4",
                "--warmup-ms=300",
                "--duration-ms=1000",
                "--threads=1",
                "--jtl=" + jtl
            });
        } finally {
            server.stop(0);
        }

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
    }
}
