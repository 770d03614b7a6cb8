package lab.threads.report.chart;

/**
 * One second of a server's run as JMeter saw it: the samples that ENDED in it, counted from the run's first sample
 * start (second 0), since a rate or a response time is known only when the sample ends.
 *
 * @param samples     samples ending in this second: the throughput, per second
 * @param errors      failed samples ending in this second
 * @param p50Ms       median elapsed of those samples (JMeter's nearest rank); null when none ended
 * @param p99Ms       99th percentile elapsed of those samples; null when none ended
 * @param activeUsers the most JMeter users running at once as those samples ended (allThreads); null when none ended
 */
public record SampleSecond(int second, int samples, int errors, Long p50Ms, Long p99Ms, Integer activeUsers) {}
