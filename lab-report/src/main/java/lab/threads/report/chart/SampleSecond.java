package lab.threads.report.chart;

/** One second of a server's run: the samples that ENDED in it; the percentiles and users null when none did. */
public record SampleSecond(int second, int samples, int errors, Long p50Ms, Long p99Ms, Integer activeUsers) {}
