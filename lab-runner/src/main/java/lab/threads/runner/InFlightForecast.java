package lab.threads.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lab.threads.report.PlanShape;

/**
 * How many requests an open plan will hold in flight, said before it runs. An open model keeps sending when the
 * server falls behind, so its requests pile up: each holds a connection (a descriptor in JMeter and one in the
 * server) and, in a thread-per-request server or JMeter on platform threads, a thread. Expected: rate x sleep (every
 * answer in exactly the sleep); at worst rate x (connect + response timeout), when answers stop and every request
 * waits out its timeouts.
 *
 * @param openFiles   this process's open-files limit (the forks inherit it); null when unknown or unlimited
 * @param threads     the fewest threads any process can have: the pid limit or the user's process limit; null when
 *                    unknown or unlimited
 */
record InFlightForecast(int rate, long expected, long worst, Long openFiles, Long threads) {

    static InFlightForecast of(PlanChoice plan) {
        PlanShape shape = plan.shape();
        long timeoutsMs = plan.timeoutMs("connect_timeout_ms") + plan.timeoutMs("response_timeout_ms");
        List<String> limits = procLines(Path.of("/proc/self/limits"));
        Long processes = limit(limits, "Max processes");
        Long pidMax = procLines(Path.of("/proc/sys/kernel/pid_max")).stream().findFirst().map(InFlightForecast::number).orElse(null);
        Long threads = processes == null ? pidMax : pidMax == null ? processes : Math.min(processes, pidMax);
        return new InFlightForecast(shape.arrivalsPerSecond(), perSecondTimes(shape.arrivalsPerSecond(), shape.sleepMs()),
                perSecondTimes(shape.arrivalsPerSecond(), Math.max(timeoutsMs, shape.sleepMs())),
                limit(limits, "Max open files"), threads);
    }

    /** The client's users at the worst, to size its heap (at least one). */
    int worstUsers() {
        return (int) Math.clamp(worst, 1, Integer.MAX_VALUE);
    }

    /** What to expect, and where it meets the machine's limits, one statement a line. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "open model: %,d arrivals/s whatever the server does; in flight about %,d "
                + "(rate x sleep) if it keeps up, up to %,d (rate x (connect + response timeout)) if it stops answering", rate, expected, worst));
        if (openFiles != null) {
            lines.add(against(openFiles, "open-files limit (each request in flight is a connection: one descriptor in JMeter, "
                    + "one in the server)", "JMeter's connects then fail with 'Too many open files', counted as the client's errors"));
        }
        if (threads != null) {
            lines.add(against(threads, "thread limit (pid_max / max user processes; a thread per request in flight for the "
                    + "platform and pool servers and for --client platform)", "thread creation then fails"));
        }
        return lines;
    }

    private String against(long limit, String what, String consequence) {
        String verdict = expected >= limit ? "the expected peak alone exceeds it (lower --rate or --sleep-ms): " + consequence
                : worst >= limit ? "the worst case exceeds it if the server falls behind: " + consequence
                : "both fit";
        return String.format(Locale.ROOT, "%,d %s: %s", limit, what, verdict);
    }

    private static long perSecondTimes(int rate, long ms) {
        return (long) Math.ceil(rate * ms / 1000.0);
    }

    /** The soft limit of a line of /proc/self/limits, e.g. "Max open files  20000  20000  files"; null when unlimited. */
    private static Long limit(List<String> limits, String name) {
        return limits.stream().filter(line -> line.startsWith(name)).findFirst()
                .map(line -> number(line.substring(name.length()).trim().split("\\s+")[0])).orElse(null);
    }

    private static Long number(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException unlimited) {
            return null;
        }
    }

    /** Linux only: elsewhere the limits are unknown and the forecast says so by saying nothing of them. */
    private static List<String> procLines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException notLinux) {
            return List.of();
        }
    }
}
