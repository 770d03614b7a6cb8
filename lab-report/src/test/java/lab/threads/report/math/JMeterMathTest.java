package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import lab.threads.model.samples.Sample;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.JtlFixture;
import lab.threads.report.StockJMeterProperties;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.Calculator;
import org.apache.jmeter.visualizers.SamplingStatCalculator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our numbers against JMeter's own calculators, fed the very samples written to the .jtl. */
class JMeterMathTest {

    private static final double EXACT = 1e-9;

    @TempDir
    Path runDir;

    @BeforeAll
    static void loadJMeterProperties(@TempDir Path jmeterHome) throws IOException {
        StockJMeterProperties.load(jmeterHome);
    }

    @Test
    void summaryReportAndPercentilesEqualJMeters() throws IOException {
        List<Sample> samples = JtlFixture.randomRun(42, 5_000);
        JtlFixture.write(runDir.resolve("server-x").resolve(RunFolder.SAMPLES_FILE), samples);
        Calculator calculator = new Calculator();
        SamplingStatCalculator aggregate = new SamplingStatCalculator();
        for (Sample sample : samples) {
            calculator.addSample(toJMeter(sample));
            aggregate.addSample(toJMeter(sample));
        }

        ServerSummary summary = ServerSummary.from(
                "server-x",
                runDir.resolve("server-x"),
                PlanShape.closed(20_000, 20, 3, 6_000),
                RunOutcome.fromWords("ok"));
        SummaryReportRow row = summary.summary();

        assertEquals(5_000, row.samples());
        assertEquals(calculator.getCountLong(), row.samples());
        assertEquals(calculator.getMean(), row.average(), EXACT);
        assertEquals(calculator.getMin(), row.min());
        assertEquals(calculator.getMax(), row.max());
        assertEquals(calculator.getStandardDeviation(), row.stdDev(), EXACT);
        assertEquals(calculator.getErrorPercentage() * 100, row.errorPercent(), EXACT);
        assertEquals(calculator.getRate(), row.throughput(), EXACT);
        assertEquals(calculator.getKBPerSecond(), row.receivedKBPerSec(), EXACT);
        assertEquals(calculator.getSentKBPerSecond(), row.sentKBPerSec(), EXACT);
        assertEquals(calculator.getAvgPageBytes(), row.avgBytes(), EXACT);
        // The Aggregate Report's calculator must agree with the Summary Report's on the shared columns.
        assertEquals(aggregate.getMean(), row.average(), EXACT);
        assertEquals(aggregate.getStandardDeviation(), row.stdDev(), EXACT);
        assertEquals(aggregate.getRate(), row.throughput(), EXACT);

        assertPercentilesEqual(aggregate, summary.percentiles());
    }

    /** Small counts are where 0.9f and 0.9 round ranks differently (5 x 0.9 = 4.5): every count from 1 to 300. */
    @Test
    void percentilesEqualJMetersForEveryCountUpTo300() {
        Random random = new Random(7);
        for (int count = 1; count <= 300; count++) {
            long[] values = LongStream.generate(() -> random.nextInt(1_000))
                    .limit(count)
                    .toArray();
            SamplingStatCalculator aggregate = new SamplingStatCalculator();
            long start = JtlFixture.START;
            for (long value : values) {
                aggregate.addSample(toJMeter(new Sample(start++, value, "200", "", true, 0, 0, 1, 0, null, null)));
            }
            assertPercentilesEqual(aggregate, Percentiles.ofUnsorted(values.clone()));
        }
    }

    /** As JMeter's Aggregate Report asks: getMedian(), then getPercentPoint(float) with Float.parseFloat(..) / 100. */
    private static void assertPercentilesEqual(SamplingStatCalculator aggregate, Percentiles ours) {
        String count = " at count " + aggregate.getCount();
        assertEquals(aggregate.getMedian().longValue(), ours.p50(), "p50" + count);
        assertEquals(aggregate.getPercentPoint(90f / 100).longValue(), ours.p90(), "p90" + count);
        assertEquals(aggregate.getPercentPoint(95f / 100).longValue(), ours.p95(), "p95" + count);
        assertEquals(aggregate.getPercentPoint(99f / 100).longValue(), ours.p99(), "p99" + count);
        assertEquals(aggregate.getPercentPoint(99.9f / 100).longValue(), ours.p999(), "p99.9" + count);
    }

    private static SampleResult toJMeter(Sample sample) {
        SampleResult result = new SampleResult();
        result.setStampAndTime(sample.timeStamp(), sample.elapsed());
        result.setSuccessful(sample.success());
        result.setResponseCode(sample.responseCode());
        result.setBytes(sample.bytes());
        result.setSentBytes(sample.sentBytes());
        result.setAllThreads(sample.allThreads());
        return result;
    }
}
