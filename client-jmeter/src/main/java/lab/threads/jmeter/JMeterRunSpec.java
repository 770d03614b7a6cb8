package lab.threads.jmeter;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import lab.threads.client.ClientShare;
import lab.threads.client.WorkerAccess;

/**
 * One forked JMeter run.
 *
 * @param plan a .jmx file path, or else a classpath resource such as {@code jmeter-plans/talk.jmx}
 * @param properties JMeter properties for the plan's keys ({@code -Jname=value}), e.g. {@code port=8083}
 * @param dashboardDir HTML dashboard directory; must not exist or be empty
 * @param jmeterHome JMeter home (extracted from the config jar when missing); runs may share one
 * @param users the plan's users: sizes the heap, passed as {@code -Jusers} unless {@code properties} sets it
 * @param share which process of the load this fork is: its heap's share and, split, waits for the runner's go
 * @param log the fork's stderr, or null for this JVM's; its stdout is a pipe ({@link JMeterFork#start})
 * @param workers {@code host:port} of the JMeter workers that run the users; empty: the fork runs them itself
 * @param rmi how the fork talks to the workers ({@code workers.RmiSecurity}); unused without workers
 */
public record JMeterRunSpec(
        String plan,
        Map<String, String> properties,
        Path jtl,
        Path dashboardDir,
        Path jmeterHome,
        JMeterThreads client,
        int users,
        ClientShare share,
        Path log,
        List<String> workers,
        WorkerAccess rmi) {

    public JMeterRunSpec {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(jtl, "jtl");
        Objects.requireNonNull(dashboardDir, "dashboardDir");
        Objects.requireNonNull(jmeterHome, "jmeterHome");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(rmi, "rmi");
        Objects.requireNonNull(share, "share");
        if (users < 1) {
            throw new IllegalArgumentException("users must be at least 1: " + users);
        }
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        workers = List.copyOf(workers);
    }
}
