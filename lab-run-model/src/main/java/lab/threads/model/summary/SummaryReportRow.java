package lab.threads.model.summary;

/**
 * The columns of JMeter's Summary Report for one server, by JMeter's own formulas.
 *
 * @param errorPercent failed samples in percent (0-100; JMeter keeps the 0-1 fraction and prints it as %)
 * @param throughput   samples per second between the first sample's start and the last sample's end
 */
public record SummaryReportRow(
        long samples,
        double average,
        long min,
        long max,
        double stdDev,
        double errorPercent,
        double throughput,
        double receivedKBPerSec,
        double sentKBPerSec,
        double avgBytes) {}
