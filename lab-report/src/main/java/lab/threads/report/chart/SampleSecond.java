package lab.threads.report.chart;

/**
 * One second of a server's run as the client saw it: the samples that ENDED in it, since a rate or a response time is
 * known only at the end; the percentiles and users are null when none ended.
 */
public record SampleSecond(int second, int samples, int errors, Long p50Ms, Long p99Ms, Integer activeUsers) {}
