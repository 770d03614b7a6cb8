package lab.threads.report;

import java.util.List;
import java.util.Map;
import lab.threads.report.math.PlanShape;

/**
 * Everything one run's report shows: free-form metadata from the runner (JDK, machine, settings, dates...),
 * the plan, and one summary per server in the order they should be shown.
 */
public record RunReport(Map<String, Object> metadata, PlanShape plan, List<ServerSummary> servers) {}
