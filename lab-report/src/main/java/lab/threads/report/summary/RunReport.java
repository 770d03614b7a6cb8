package lab.threads.report.summary;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import lab.threads.client.LoadClient;
import lab.threads.report.verdict.TalkComparison;
import lab.threads.run.PlanShape;

/** Everything one run's report shows: the runner's metadata, the plan, and one summary per server in order. */
// The talk's table beside this run's is derived: written to summary.json for readers, ignored when read back.
@JsonIgnoreProperties(value = "talk", allowGetters = true)
public record RunReport(Map<String, Object> metadata, PlanShape plan, List<ServerSummary> servers) {

    /** The client that sent the load, as the run's metadata names it: the pages name it wherever they speak of it. */
    public LoadClient loadClient() {
        return LoadClient.of(metadata);
    }

    /** The talk's published rows beside this run's, when the talk's servers ran the talk's plan; else null. */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public TalkComparison talk() {
        return TalkComparison.of(
                plan,
                servers.stream()
                        .map(server -> new TalkComparison.Measured(
                                server.server(),
                                server.summary(),
                                server.percentOfIdeal(),
                                server.errorsByCause(),
                                server.validity(),
                                server.kernel(),
                                server.serverStats() == null
                                        ? null
                                        : server.serverStats().settings(),
                                server.timeline().present() ? server.timeVerdict() : null))
                        .toList());
    }
}
