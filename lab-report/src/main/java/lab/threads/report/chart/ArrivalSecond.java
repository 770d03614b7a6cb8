package lab.threads.report.chart;

/**
 * One second of an open run by ARRIVAL: the samples that STARTED in it, set against what the plan offered in that
 * second, so latency by arrival shows how long a second's requests waited, however late answered.
 *
 * @param offered  arrivals the plan's schedule was due to send in this second (its rate, integrated)
 * @param p50Ms    of the samples started, null when none started (as {@code p99Ms})
 * @param inFlight samples started and not yet ended at this second's end
 */
public record ArrivalSecond(
        int second, double offered, int arrivals, int errors, Long p50Ms, Long p99Ms, int inFlight) {}
