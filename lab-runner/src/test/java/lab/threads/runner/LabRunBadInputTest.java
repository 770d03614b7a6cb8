package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import lab.threads.report.CaseReport;
import lab.threads.run.PlanShape;
import lab.threads.run.RunOutcome;
import lab.threads.run.RunRecord;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabRunBadInputTest {

    @TempDir
    Path out;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--servers=platform,tomcat | Unknown server 'tomcat'",
                "--plan=nosuchplan         | Unknown plan 'nosuchplan'",
                "--users=many              | 'users' must be a whole number",
                "--rampup=1.5              | 'rampup' must be a whole number",
                "-Jusers=abc               | 'users' must be a whole number",
                "-Jthreads=5               | has no property 'threads'",
                "-Jport=9999               | set by the runner",
                "--client=green            | --client must be jmeter (= virtual), virtual, platform or hyperfoil",
                "--workers=dns:nowhere.invalid | --workers: cannot resolve 'nowhere.invalid'",
                "--workers=10.0.0.5:http   | --workers: bad port 'http'",
                "--no-such-option          | Unknown option",
                "--rate=100                | 'rate' is a knob of open plans (arrivals at a fixed rate), and the plan 'talk' is closed",
                "--duration=30             | use --plan open, or set --users, --rampup and --loops",
                "--source-address=per_user | lab: --source-address (plan property source_address) takes per-user, system or an IP address of this machine, got 'per_user'.",
                "--sweep=source_address=system,per_user | lab: --source-address (plan property source_address) takes per-user, system or an IP address of this machine, got 'per_user'."
            })
    void badInputIsRefusedBeforeAnythingRuns(String argument, String expected) {
        assertRefused(expected, argument);
    }

    @ParameterizedTest(name = "--plan=open {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--rate=fast               | Plan property 'rate' must be a whole number of at least 1, got 'fast': set it with --rate.",
                "--rate=2.5                | Plan property 'rate' must be a whole number",
                "--duration=0              | Plan property 'duration' must be a whole number of at least 1",
                "--users=10                | 'users' is a knob of closed plans, and the plan 'open' is open",
                "--sweep=loops=1,2         | set --rate, --rampup and --duration",
                "--workers=127.0.0.1:1099  | --workers runs closed plans only",
                "--warmup-users=5          | run it without --warmup-users"
            })
    void badInputForAnOpenPlanIsRefusedBeforeAnythingRuns(String argument, String expected) {
        assertRefused(expected, "--plan=open", argument);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--server-settings=tuned                       | lab: --server-settings must be lab or stock, got 'tuned'.",
                "--server-settings=stock --target=virtual=http://127.0.0.1:1 | lab: --server-settings stock applies to the servers the lab starts",
                "--server-settings=stock --server-args=--backlog=4096 | lab: --server-args --backlog tunes what --server-settings stock leaves",
                "--server-args=--settings=stock                | lab: --server-args cannot set --settings: use --server-settings",
                "--base-port=9000 --servers=virtual --target=virtual=http://127.0.0.1:1 | lab: --base-port chooses the ports of the servers the lab starts, and this run starts none (each is a --target or a guest, already listening at its URL): leave --base-port out.",
                "--base-port=0 --target=guest=http://127.0.0.1:1 | this run starts none (each is a --target or a guest"
            })
    void badServerSettingsAreRefusedInOneLine(String arguments, String expected) {
        String message = assertRefused(expected, arguments.split(" "));
        assertEquals(1, message.strip().lines().count(), message);
    }

    /** A check the run could not judge is refused in one line before any load, listing the figures where one is wrong. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--check=p98<=1s                     | lab: unknown figure 'p98' in check 'p98<=1s': the figures are rps, ideal,",
                "--check=p99<=7000%                  | lab: malformed check 'p99<=7000%': p99 is in ms or s (or none), not '%'",
                "--check=p99<=+10%                   | are a change from a baseline run: give --baseline <run folder>",
                "--check=jetty-pool:p99<=1s --servers=virtual | names the server 'jetty-pool', which this run does not run",
                "--check=p99<=1s --sweep=users=10,20 | --check judges one configuration, and --sweep runs several",
                "--checks=no-such.checks             | lab: --checks no-such.checks: cannot read it",
                "--baseline=no-such-run              | --baseline is what checks compare with: give --check or --checks too",
                "--check=p99<=+10% --baseline=no-such-run | no such folder"
            })
    void aCheckThatCannotBeJudgedIsRefusedInOneLine(String arguments, String expected) {
        String message = assertRefused(expected, arguments.split(" "));
        assertEquals(1, message.strip().lines().count(), message);
    }

    private String assertRefused(String expected, String... arguments) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        var cli = LabCommand.commandLine().setErr(new java.io.PrintWriter(err, true));
        PrintStream previous = System.err;
        int exit;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            List<String> withOut = new ArrayList<>(List.of(arguments));
            if (withOut.stream().noneMatch(argument -> argument.startsWith("--out="))) {
                withOut.add("--out=" + out);
            }
            exit = cli.execute(withOut.toArray(String[]::new));
        } finally {
            System.setErr(previous);
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, message);
        assertTrue(message.contains(expected), "expected '" + expected + "' in: " + message);
        assertTrue(!Files.exists(out) || out.toFile().list().length == 0, "nothing written for a refused run");
        return message;
    }

    @Test
    void aTargetThatDoesNotAnswerHealthIsRefused() throws IOException {
        int nothingListens;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nothingListens = closed.getLocalPort();
        }
        String message = assertRefused(
                "--target virtual=http://127.0.0.1:" + nothingListens + " does not answer",
                "--servers=virtual",
                "--plan=smoke",
                "--target=virtual=http://127.0.0.1:" + nothingListens);
        assertEquals(1, message.strip().lines().count(), message);
    }

    @Test
    void aSleepOutsideTheServersRangeIsRefused() {
        assertRefused(
                "sleep_ms 99999999 is outside server-virtual's range, 0-60000 ms",
                "--servers=virtual",
                "--plan=smoke",
                "--sleep-ms=99999999");
        assertRefused(
                "sleep_ms 70000 is outside server-virtual's range, 0-60000 ms",
                "--servers=virtual",
                "--plan=smoke",
                "--sweep=sleep_ms=100,70000");
    }

    @Test
    void aSleepInsideARaisedRangeIsNotRefused() throws Exception {
        var cli = LabCommand.commandLine();
        cli.parseArgs(
                "--servers=virtual",
                "--plan=smoke",
                "--sleep-ms=70000",
                "--server-args=--max-sleep-ms=70000",
                "--out=" + out);
        Preflight.check(((LabCommand) cli.getCommand()).options().preflight());
    }

    @Test
    void anOutputFolderThatCannotBeWrittenIsRefusedWithoutAStackTrace(@TempDir Path elsewhere) throws IOException {
        Path aFile = Files.writeString(elsewhere.resolve("a-file"), "not a folder");
        String message = assertRefused(
                "lab: cannot write results in " + aFile.resolve("results"),
                "--servers=virtual",
                "--plan=smoke",
                "--out=" + aFile.resolve("results"));
        assertTrue(message.contains("give a folder you can write with --out"), message);
        assertEquals(1, message.strip().lines().count(), "one line, no stack trace: " + message);
    }

    /**
     * A server that is up (its /health says so) and refuses every /sleep: the plan runs to its end, and fails. Its
     * samples are recorded (src/test/resources/recorded/every-sleep-503: {@code ./lab run --plan=smoke
     * --servers=virtual --users=5 --rampup=1 --loops=2 --sleep-ms=10 --target=virtual=<a server answering every /sleep
     * 503>}, which exited 1), and judged as the run judges each server's turn.
     */
    @Test
    void aRunInWhichEveryRequestFailedIsNotOk(@TempDir Path caseDir) throws Exception {
        Path recorded = Path.of(LabRunBadInputTest.class
                .getResource("/recorded/every-sleep-503/server-virtual")
                .toURI());
        try (Stream<Path> files = Files.list(recorded)) {
            Files.createDirectories(caseDir.resolve("server-virtual"));
            for (Path file : files.toList()) {
                Files.copy(file, caseDir.resolve("server-virtual").resolve(file.getFileName()));
            }
        }
        PlanShape plan = PlanShape.of(
                PlanOptions.chosen("smoke", Map.of("users", "5", "rampup", "1", "loops", "2", "sleep_ms", "10")));

        RunOutcome judged = CaseReport.start(caseDir, RunRecord.NONE, plan)
                .add("server-virtual", RunOutcome.OK)
                .outcome();

        assertFalse(judged.ok(), "a run in which every request failed is not a success (the run exits 1)");
        assertEquals("every request failed: server: HTTP 503 (10 of 10)", judged.words());
    }
}
