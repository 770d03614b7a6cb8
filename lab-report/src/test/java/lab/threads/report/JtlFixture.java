package lab.threads.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import lab.threads.model.samples.Sample;
import lab.threads.report.verdict.ErrorCauses;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** Writes .jtl files the way JMeter 5.6.3 does by default: its header, its column order, one line per sample. */
public final class JtlFixture {

    static final String[] HEADER = {
        "timeStamp",
        "elapsed",
        "label",
        "responseCode",
        "responseMessage",
        "threadName",
        "dataType",
        "success",
        "failureMessage",
        "bytes",
        "sentBytes",
        "grpThreads",
        "allThreads",
        "URL",
        "Latency",
        "IdleTime",
        "Connect"
    };

    public static final long START = 1_790_000_000_000L;

    private static final String[] CLIENT_CAUSES = {
        "org.apache.http.NoHttpResponseException",
        "java.net.SocketTimeoutException",
        "java.net.SocketException",
        "java.net.ConnectException"
    };

    private JtlFixture() {}

    /**
     * A seeded run shaped like the lab's: starts spread over a ramp, most requests near 6 s, a long tail,
     * fast 503s and 500s, and client-side failures at their timeouts. Ordered by end time, as JMeter writes them.
     */
    public static List<Sample> randomRun(long seed, int count) {
        Random random = new Random(seed);
        List<Sample> samples = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long start = START + random.nextInt(38_000);
            int users = 1 + random.nextInt(18_000);
            double kind = random.nextDouble();
            if (kind < 0.05) {
                samples.add(new Sample(start, 1 + random.nextInt(20), "503", "", false, 180, 0, users, 0, null, null));
            } else if (kind < 0.07) {
                samples.add(
                        new Sample(start, 5 + random.nextInt(3_000), "500", "", false, 200, 120, users, 0, null, null));
            } else if (kind < 0.12) {
                String cause = CLIENT_CAUSES[random.nextInt(CLIENT_CAUSES.length)];
                samples.add(new Sample(
                        start,
                        10_000 + random.nextInt(50),
                        ErrorCauses.CLIENT_PREFIX + cause,
                        ErrorCauses.CLIENT_MESSAGE_PREFIX + "as planned",
                        false,
                        2_000 + random.nextInt(100),
                        0,
                        users,
                        0,
                        null,
                        null));
            } else {
                long elapsed = 6_000 + Math.abs(Math.round(random.nextGaussian() * (kind > 0.97 ? 4_000 : 150)));
                samples.add(new Sample(
                        start, elapsed, "200", "", true, 250 + random.nextInt(5), 121, users, 0, null, null));
            }
        }
        samples.sort(Comparator.comparingLong(Sample::endTime));
        return samples;
    }

    public static void write(Path jtl, List<Sample> samples) throws IOException {
        Files.createDirectories(jtl.getParent());
        try (Writer writer = Files.newBufferedWriter(jtl);
                CSVPrinter printer = new CSVPrinter(
                        writer,
                        CSVFormat.DEFAULT
                                .builder()
                                .setHeader(HEADER)
                                .setRecordSeparator('\n')
                                .get())) {
            for (Sample s : samples) {
                String message = !s.responseMessage().isEmpty()
                        ? s.responseMessage()
                        : s.success() ? "OK" : "failed, \"as planned\"";
                printer.printRecord(
                        s.timeStamp(),
                        s.elapsed(),
                        "sleep 6s",
                        s.responseCode(),
                        message,
                        "Users 1-" + s.allThreads(),
                        "text",
                        s.success(),
                        s.success() ? "" : message,
                        s.bytes(),
                        s.sentBytes(),
                        s.allThreads(),
                        s.allThreads(),
                        "http://127.0.0.1:8080/sleep?ms=6000" + (s.requestId() == null ? "" : "&rid=" + s.requestId()),
                        Math.max(0, s.elapsed() - 1),
                        0,
                        s.connect() > 0 ? s.connect() : 1);
            }
        }
    }
}
