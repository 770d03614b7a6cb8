package lab.threads.report.summary;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.threads.run.PlanShape;

/**
 * The plan's ideal as one server's own path sets it: a server that waits without the plan's pool (server-async's
 * HttpClient, which holds no connection limit) has the users' ceiling, never a pool's it does not use, which would put
 * it above 100%. It says so in its /stats settings ({@code pools.<name>.maxTotal}: {@code unlimited}).
 */
final class OwnPath {

    /** /stats' settings of a pool that holds no limit. */
    static final String UNLIMITED = "unlimited";

    private OwnPath() {}

    /** @param settings the server's /stats settings; null when it gave none (the plan as it is) */
    static PlanShape of(PlanShape plan, Map<String, Object> settings, List<String> notes) {
        if (plan.poolSize() <= 0 || settings == null || !(settings.get("pools") instanceof Map<?, ?> pools)) {
            return plan;
        }
        String name = "db".equals(plan.how()) ? "db" : "httpPool";
        if (!(pools.get(name) instanceof Map<?, ?> pool) || !UNLIMITED.equals(String.valueOf(pool.get("maxTotal")))) {
            return plan;
        }
        PlanShape own = plan.throughPool(0);
        notes.add(String.format(
                Locale.ROOT,
                "this server waits without the plan's pool of %d (%s, no connection limit): its ideal is the users' "
                        + "ceiling, %,.1f req/s, not the pool's %,.1f",
                plan.poolSize(),
                pool.get("library"),
                own.idealThroughput(),
                plan.idealThroughput()));
        return own;
    }
}
