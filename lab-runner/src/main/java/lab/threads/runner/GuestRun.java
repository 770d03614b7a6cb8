package lab.threads.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.client.GuestProperties;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;
import lab.threads.runner.guest.Expected;
import lab.threads.runner.guest.Guest;
import lab.threads.runner.guest.GuestProcess;
import lab.threads.runner.process.Java;

/**
 * The guests of a run, services the lab did not write, and what is asked of their answers.
 *
 * @param serviceMs the guest's own time for one request (--service-ms), the plan's sleep for its ideal; null when not
 *     known: no ideal
 */
public record GuestRun(List<Guest> guests, Expected expected, Long serviceMs) {

    /** A run of the lab's own servers. */
    public static final GuestRun NONE = new GuestRun(List.of(), new Expected(Expected.DEFAULT_STATUS, null), null);

    /** The plan's default response timeout, for a plan without that key. */
    private static final Duration NO_PLAN_TIMEOUT = Duration.ofSeconds(60);

    /** How long one GET of a guest before the load may take: as long as the plan lets a request take. */
    static Duration askWait(LoadPlan plan) {
        long ms = plan.get(PlanKey.RESPONSE_TIMEOUT_MS, 0);
        return ms > 0 ? Duration.ofMillis(ms) : NO_PLAN_TIMEOUT;
    }

    public boolean present() {
        return !guests.isEmpty();
    }

    /** Whether an answer counts only if its body holds the expected substring ({@code --expect-body}). */
    public boolean bodyChecked() {
        return expected.body() != null;
    }

    /** Whether a guest is reached over https. */
    public boolean overHttps() {
        return guests.stream().anyMatch(guest -> "https".equals(guest.url().getScheme()));
    }

    /** What a guest run sets in the plan: its sleep is the guest's own service time, or 0 (no ideal) when not given. */
    public LoadPlan applyTo(LoadPlan plan) {
        return present() ? plan.with(PlanKey.SLEEP_MS, serviceMs == null ? 0 : serviceMs) : plan;
    }

    /**
     * Each guest's process, for the whole run: a --target-pid one watched, a --target-command one started (its output
     * in {@code <name>-guest.log}) and answering within {@code ready}. When one cannot be had, those started are
     * stopped and the run is refused (IllegalArgumentException, exit 2).
     */
    Map<String, GuestProcess> processes(Path runDir, Duration ready, Duration ask, PrintStream out)
            throws IOException, InterruptedException {
        Map<String, GuestProcess> processes = new LinkedHashMap<>();
        try {
            for (Guest guest : guests) {
                if (guest.command() != null) {
                    Path log = runDir.resolve(guest.name() + RunFolder.GUEST_LOG_SUFFIX);
                    out.printf("   guest %s: starting %s%n", guest.name(), guest.command());
                    GuestProcess started = GuestProcess.start(guest, keeperJava(), log, expected, ready, ask);
                    processes.put(guest.name(), started);
                    out.printf(
                            "   guest %s: pid %d answers %s at %s (its output: %s)%n",
                            guest.name(), started.pid(), expected.describe(), guest.url(), log);
                } else if (guest.pid() != null) {
                    processes.put(guest.name(), GuestProcess.watch(guest));
                }
            }
            return processes;
        } catch (IOException | InterruptedException | RuntimeException e) {
            close(processes);
            throw e;
        }
    }

    /** Stops the guests the lab started; the others run on. */
    static void close(Map<String, GuestProcess> processes) throws InterruptedException {
        for (GuestProcess process : processes.values()) {
            process.close();
        }
    }

    /** The keeper's JVM: the runner's own java and class path. */
    private static List<String> keeperJava() {
        return List.of(Java.executable(), "-cp", System.getProperty("java.class.path"));
    }

    /** Each guest in words, for run.json: its URL, process, expected answer and service time. */
    List<RunRecord.Guest> describe() {
        return guests.stream()
                .map(guest -> new RunRecord.Guest(
                        guest.name(),
                        guest.url().toString(),
                        guest.process(),
                        expected.describe(),
                        serviceMs == null ? "not given: no ideal" : Long.toString(serviceMs)))
                .toList();
    }

    /** The JMeter properties that point the plan's requests at {@code guest} and judge its answers. */
    Map<String, String> jmeterProperties(Guest guest) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(GuestProperties.PATH, guest.pathAndQuery());
        properties.put(GuestProperties.PROTOCOL, guest.url().getScheme());
        properties.put(GuestProperties.EXPECT_STATUS, Integer.toString(expected.status()));
        if (expected.body() != null) {
            properties.put(GuestProperties.EXPECT_BODY, expected.body());
        }
        return properties;
    }
}
