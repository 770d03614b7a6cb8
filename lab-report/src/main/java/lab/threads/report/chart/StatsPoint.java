package lab.threads.report.chart;

/**
 * One /stats snapshot of a server, placed on the same time axis as its samples.
 *
 * @param second     when it was taken, in seconds since the run's first sample start (negative: before the load)
 * @param osThreads  the server process's OS threads; null when the snapshot lacks it
 * @param rssMb      its resident set size in MiB; null when the snapshot lacks it
 * @param cpuPercent user + system CPU since the previous snapshot, as % of one core (200 = both cores of two);
 *                   null for the first snapshot or when the counters are missing
 * @param inFlight   requests the server was serving at that moment; null when the snapshot lacks it
 */
public record StatsPoint(double second, Long osThreads, Double rssMb, Double cpuPercent, Long inFlight) {}
