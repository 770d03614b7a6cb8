package lab.threads.report.summary;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import lab.threads.model.client.LoadClient;
import lab.threads.report.verdict.TalkComparison;
import lab.threads.run.PlanShape;
import lab.threads.run.RunRecord;

/** Everything one run's report shows: what the runner recorded of it, the plan, and one summary per server in order. */
// The talk's table beside this run's is derived: written to summary.json for readers, ignored when read back.
@JsonIgnoreProperties(value = "talk", allowGetters = true)
public record RunReport(RunRecord metadata, PlanShape plan, List<ServerSummary> servers) {

    /** The client that sent the load, as the run recorded it: the pages name it wherever they speak of it. */
    public LoadClient loadClient() {
        return metadata.load().sender();
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
