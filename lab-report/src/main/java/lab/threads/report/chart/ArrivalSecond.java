package lab.threads.report.chart;

/**
 * One second of an open run by ARRIVAL: the samples that STARTED in it, on the run's time axis (second 0 = the first
 * sample's start), set against what the plan offered in that second. Latency by arrival second shows how long the
 * requests sent in a second waited, even those answered long after it.
 *
 * @param offered  arrivals the plan's schedule was due to send in this second (its rate, integrated)
 * @param arrivals samples that started in this second: the achieved arrival rate
 * @param errors   of those, the failed ones
 * @param p50Ms    median elapsed of those (JMeter's nearest rank); null when none started
 * @param p99Ms    99th percentile elapsed of those; null when none started
 * @param inFlight samples started and not yet ended at this second's end, as JMeter recorded them
 */
public record ArrivalSecond(
        int second, double offered, int arrivals, int errors, Long p50Ms, Long p99Ms, int inFlight) {}
