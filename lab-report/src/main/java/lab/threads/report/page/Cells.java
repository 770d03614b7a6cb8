package lab.threads.report.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.ServerView;
import lab.threads.report.summary.Figure;
import lab.threads.report.summary.RunReport;
import lab.threads.report.summary.ServerSummary;
import lab.threads.run.PlanShape;

/** Text formats of a run's figures shared by the markdown, HTML and console tables, so all three read the same. */
public final class Cells {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Cells() {}

    /** The server's own p50 / p99 / max in ms, or why there are none ("not measured" for a guest; else n/a). */
    static String serverView(ServerSummary server) {
        ServerView view = server.serverView();
        return view == null
                ? Figure.SERVER_P99.missing(server)
                : Numbers.count(Math.round(view.p50Ms())) + " / " + Numbers.count(Math.round(view.p99Ms())) + " / "
                        + Numbers.count(Math.round(view.maxMs()));
    }

    /** The server's load settings from its /stats; a server that did not name its mode ran the lab's. */
    static String serverSettings(Map<String, Object> settings) {
        if (settings == null) {
            return Numbers.NOT_AVAILABLE;
        }
        Object asked = settings.get("backlog");
        Object effective = settings.getOrDefault("effectiveBacklog", asked);
        return settings.getOrDefault("settings", "lab") + ": backlog " + effective
                + (Objects.equals(asked, effective) ? "" : " (asked " + asked + ")")
                + ", connections " + settings.getOrDefault("maxConnections", Numbers.NOT_AVAILABLE)
                + ", idle " + millis(settings.get("idleTimeoutMs")) + ", grace "
                + millis(settings.get("shutdownGraceMs"))
                // Limits only the framework has, by its names: e.g. the JDK HttpServer's idle-connection cap.
                + (settings.get("framework") instanceof Map<?, ?> own
                        ? own.entrySet().stream()
                                .map(limit -> ", " + limit.getKey() + " " + limit.getValue())
                                .collect(Collectors.joining())
                        : "");
    }

    private static String millis(Object value) {
        return value instanceof Number ? value + " ms" : String.valueOf(value != null ? value : Numbers.NOT_AVAILABLE);
    }

    /** The plan line of a report: the plan, and the servers' settings mode when the runner recorded one. */
    static String planLine(RunReport report) {
        String settings = report.metadata().jvms().serverSettings();
        String cpus = report.metadata().limits().cpus();
        String plan = guests(report.servers()) ? GUEST_PLAN + plan(report.plan()) : plan(report.plan());
        return "Plan: " + plan + "." + (settings == null ? "" : " Server settings: " + settings + ".")
                + (cpus == null ? "" : " Cores: " + cpus + ".");
    }

    /** What the plan line says where a 0 ms sleep leaves no ideal rate. */
    static final String NO_IDEAL = "no ideal (with a 0 ms sleep the req/s is whatever the slower side, client or "
            + "server, allows: the verdict says which)";

    /** Before a guest run's plan line: the "request" of a guest is a GET of its URL, the ms its service time. */
    static final String GUEST_PLAN = "guests (each request a GET of the guest's URL, its ms the service time given "
            + "with --service-ms, 0 when not given: no ideal): ";

    /** Why a server's row has no "% of ideal": a guest's service time not given, or the plan's 0 ms sleep. */
    static String noIdeal(ServerSummary server, PlanShape plan) {
        return server.guest() != null
                ? "no ideal: its service time was not given"
                : "no ideal at a " + Numbers.count(plan.sleepMs()) + " ms sleep";
    }

    /** Whether the run's rows are guests', services the lab did not write. */
    static boolean guests(java.util.List<ServerSummary> servers) {
        return servers.stream().anyMatch(server -> server.guest() != null);
    }

    /** The plan line, naming a wait other than the plain sleep and a pool, whose ceiling the ideal is. */
    static String plan(PlanShape plan) {
        String line = shape(plan);
        if (plan.how() != null) {
            line += "; each request waits in " + plan.how() + " (?how=" + plan.how() + ")";
        }
        String ceiling = plan.ceilingWords();
        return ceiling.isEmpty() ? line : line + "; " + ceiling;
    }

    private static String shape(PlanShape plan) {
        return switch (plan) {
            case PlanShape.Staged staged ->
                "users by stage, "
                        + staged.stages().stream()
                                .map(stage -> stage.fromSecond() + "-" + stage.toSecond() + " s: "
                                        + Numbers.count(stage.users()))
                                .collect(java.util.stream.Collectors.joining(", "))
                        + String.format(Locale.ROOT, ", each sending back to back a %,d ms request: ", plan.sleepMs())
                        + ideal(plan);
            case PlanShape.Open open ->
                String.format(
                                Locale.ROOT,
                                "open model: arrivals ramped to %,d/s over %s s, then %,d s at that rate, each a %,d ms "
                                        + "request: ",
                                open.arrivalsPerSecond(),
                                Numbers.decimal(open.rampUpSeconds(), 1),
                                open.durationSeconds(),
                                plan.sleepMs())
                        + ideal(plan);
            case PlanShape.Throughput throughput ->
                String.format(
                                Locale.ROOT,
                                "throughput: %,d connections, each sending back to back for %,d s (after a warm-up), a %,d ms "
                                        + "request each: ",
                                throughput.connections(),
                                throughput.durationSeconds(),
                                plan.sleepMs())
                        + (plan.hasIdeal()
                                ? "ideal " + Numbers.decimal(plan.idealThroughput(), 1) + " req/s"
                                : NO_IDEAL);
            case PlanShape.Closed closed ->
                String.format(
                                Locale.ROOT,
                                "%,d users, %s s ramp-up, %d loop(s) of a %,d ms request: ",
                                closed.users(),
                                Numbers.decimal(closed.rampUpSeconds(), 1),
                                closed.loops(),
                                plan.sleepMs())
                        + (plan.hasIdeal() ? ideal(plan) : NO_IDEAL);
        };
    }

    private static String ideal(PlanShape plan) {
        return String.format(
                Locale.ROOT,
                "ideal %,d samples in %s s = %s req/s",
                plan.idealSamples(),
                Numbers.decimal(plan.idealDurationSeconds(), 3),
                Numbers.decimal(plan.idealThroughput(), 1));
    }

    /** Scalars as they are; nested maps and lists from the runner as compact JSON rather than Java's toString. */
    public static String metadataValue(Object value) {
        try {
            return value instanceof Map<?, ?> || value instanceof Collection<?>
                    ? JSON.writeValueAsString(value)
                    : String.valueOf(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
