package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.machine.CpuCosts;
import lab.threads.runner.machine.MachineLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forecast's figures against a hand computation, and its warnings against made-up machine limits. */
class CapacityForecastTest {
    /** A 2-core machine with the limits of this lab's machines (FACTS.md), and a tight user process limit. */
    private static final MachineLimits MACHINE = new MachineLimits(20_000L, 4_096L, 28_232L, 4_096L, 2, 0.3);

    @TempDir
    Path out;

    @Test
    void talkPlan() throws Exception {
        // 20,000 users, ramp 20 s, 3 loops of 6 s: a user stays 18 s, so 18/20 of them overlap: 18,000 in flight,
        // 18,000 / 6 s = 3,000 requests/s; late answers keep all 20,000 connected.
        RunOptions options = options("--plan=talk", "--servers=all", "--server-args=--max-connections=19000");
        CapacityForecast forecast = CapacityForecast.of(options.plan());
        assertEquals(new CapacityForecast(false, 3_000, 18_000, 20_000), forecast);

        List<String> lines = forecast.lines(options.forecastSides(), MACHINE, CpuCosts.load(out));
        assertLine(
                lines,
                "forecast: at the peak 3,000 requests/s, 18,000 in flight if every answer takes the sleep, up to 20,000");
        // 20,000 connections and the client's own descriptors do not fit one process's 20,000: two processes do.
        assertLine(
                lines,
                "client: 2 processes: 20,000 connections at the worst",
                "20,000 open files a process may hold",
                "each within it");
        RunOptions oneProcess = options(
                "--plan=talk", "--servers=all", "--server-args=--max-connections=19000", "--client-processes=1");
        assertLine(
                forecast.lines(oneProcess.forecastSides(), MACHINE, CpuCosts.load(out)),
                "warning: client: 1 process as asked",
                "still exceeds its limit if answers are late",
                "--client-processes auto");
        // 20,000 - 19,000 over the cap, in a queue of min(8,192, somaxconn 4,096).
        assertLine(
                lines,
                "19,000 connections the servers take at once",
                "accept queue of 4,096",
                "up to 1,000 wait there");
        assertLine(lines, "warning: 4,096 threads", "the expected peak alone exceeds it");
        // By default every user binds a loopback address of its own: the range is no one's crowd.
        assertLine(lines, "28,232 local ports per source address", "--source-address per-user");
        // With one source address, 20,000 of 28,232 ports towards one server: more than half, so every connect
        // searches a crowded range.
        RunOptions oneSource = options(
                "--plan=talk", "--servers=all", "--server-args=--max-connections=19000", "--source-address=system");
        assertLine(
                forecast.lines(oneSource.forecastSides(), MACHINE, CpuCosts.load(out)),
                "warning: 28,232 local ports towards one server",
                "20,000 of them in use at the worst",
                "--source-address per-user",
                "sysctl -w net.ipv4.ip_local_port_range=\"10000 65000\"");
        MachineLimits widened = new MachineLimits(20_000L, 4_096L, 55_001L, 4_096L, 2, 0.3);
        assertLine(
                forecast.lines(oneSource.forecastSides(), widened, CpuCosts.load(out)),
                "55,001 local ports",
                "both fit");
        // A server elsewhere cannot be reached from 127.x: per-user does not apply there.
        RunOptions remote = options("--plan=talk", "--servers=virtual", "--target=virtual=http://192.0.2.1:8083");
        assertLine(
                forecast.lines(remote.forecastSides(), MACHINE, CpuCosts.load(out)),
                "warning: 28,232 local ports towards one server");
        // Other programs already keeping a core busy: said before the load, with the machine's figures.
        assertTrue(lines.stream().noneMatch(line -> line.contains("busy before")), lines::toString);
        MachineLimits busy = new MachineLimits(20_000L, 4_096L, 28_232L, 4_096L, 2, 6.5);
        assertLine(
                forecast.lines(options.forecastSides(), busy, CpuCosts.load(out)),
                "warning: the machine is busy before the load: load average 6.5 on 2 cores");
        // The shipped costs: client 0.53 ms x 3,000/s = 1.6 cores; platform 1.37 ms x 3,000/s = 4.1; 5.7 > 2.
        assertLine(
                lines,
                "warning: cores needed at the peak: the client ~1.6 (0.53 ms a request), platform ~4.1 (1.37 ms)",
                "5.7 together on 2 shared cores");
    }

    @Test
    void openPlan() throws Exception {
        // 100 arrivals/s of 1 s: 100 in flight; unanswered, each waits 5 s + 30 s of timeouts: 3,500.
        RunOptions options = options("--plan=open", "--servers=virtual");
        CapacityForecast forecast = CapacityForecast.of(options.plan());
        assertEquals(new CapacityForecast(true, 100, 100, 3_500), forecast);

        List<String> lines = forecast.lines(options.forecastSides(), MACHINE, CpuCosts.load(out));
        assertLine(
                lines,
                "forecast: at the peak 100 requests/s, 100 in flight",
                "up to 3,500 (rate x (connect + response timeout))");
        assertLine(
                lines,
                "client: one process: 3,500 connections at the worst",
                "20,000 open files a process may hold",
                "each within it");
        assertTrue(
                lines.stream().noneMatch(line -> line.contains("threads (")), "no thread per request here: " + lines);
        // 100/s x (0.53 + 0.3) ms = 0.08 cores.
        assertLine(
                lines,
                "cores needed at the peak: the client ~0.1 (0.53 ms a request), virtual ~0.0 (0.30 ms)",
                "0.1 together fit 2 shared cores");
    }

    @Test
    void pinnedSidesAreEachCheckedAgainstTheirOwnCores() throws Exception {
        RunOptions options = options("--plan=talk", "--servers=virtual", "--cpus=server=1,client=0");
        List<String> lines =
                CapacityForecast.of(options.plan()).lines(options.forecastSides(), MACHINE, CpuCosts.load(out));
        // Client 1.6 cores on its one; server 0.9 on its one.
        assertLine(
                lines,
                "warning: cores needed at the peak",
                "the client will run out of its own cores (client 1, server 1)");
    }

    private RunOptions options(String... arguments) throws Exception {
        var cli = LabCommand.commandLine();
        String[] withOut = java.util.Arrays.copyOf(arguments, arguments.length + 1);
        withOut[arguments.length] = "--out=" + out;
        cli.parseArgs(withOut);
        return ((LabCommand) cli.getCommand()).options();
    }

    private static void assertLine(List<String> lines, String start, String... parts) {
        String line = lines.stream()
                .filter(candidate -> candidate.startsWith(start))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line starting '" + start + "' in " + lines));
        for (String part : parts) {
            assertTrue(line.contains(part), "'" + part + "' in: " + line);
        }
    }
}
