package lab.threads.report.chart;

/**
 * One /stats snapshot of a server on its samples' time axis; a figure the snapshot lacks is null.
 *
 * @param second     seconds since the run's first sample start (negative: before the load)
 * @param cpuPercent user + system CPU since the previous snapshot, % of one core
 */
public record StatsPoint(double second, Long osThreads, Double rssMb, Double cpuPercent, Long inFlight) {}
