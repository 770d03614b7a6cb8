package lab.threads.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The names of the files in a run folder, in one place for the runner, the report's readers and every page above them.
 */
public final class RunFolder {

    private RunFolder() {}

    // In each server's folder, written while the load runs.

    /** JMeter's (or the other client's) one line per request. */
    public static final String SAMPLES_FILE = "samples.jtl";

    public static final String STATS_FILE = "server-stats.jsonl";
    public static final String SERVER_SECONDS_FILE = "server-seconds.json";
    /** The client's own health once a second, written by the client's JVM itself (either client). */
    public static final String CLIENT_STATS_FILE = "client-stats.jsonl";
    /** The server's own timestamps of each request (its --request-log), for a server the runner started. */
    public static final String REQUESTS_FILE = "server-requests.csv";
    /** Written by the runner from outside the processes: the kernel's view of the port, and /proc of each process. */
    public static final String KERNEL_FILE = "kernel.jsonl";
    /** The listener's accept queue alone, 10 times a second, for the check of the timeline against Little's law. */
    public static final String ACCEPT_QUEUE_FILE = "accept-queue.jsonl";

    /** The database's own view of its connections ({@code pg_stat_activity}) once a second, in a run through one. */
    public static final String DATABASE_FILE = "database.jsonl";

    /** The server's memory by part at the baseline and each plateau of a plan that holds its requests (hold.jmx). */
    public static final String MEMORY_FILE = "memory.jsonl";

    /** The whole machine's CPU once a second, split by who used it ({@link LedgerSecond}), written by the runner. */
    public static final String LEDGER_FILE = LedgerSecond.FILE;

    public static final String SERVER_PROC_FILE = "server-proc.jsonl";
    public static final String CLIENT_PROC_FILE = "client-proc.jsonl";
    /** A guest's URL, process and collections ({@link GuestFacts}): its folder is a guest's when it holds this. */
    public static final String GUEST_FILE = "guest.json";
    /** A guest's own output and its keeper's, for a guest the runner started, in the run folder. */
    public static final String GUEST_LOG_SUFFIX = "-guest.log";
    /** The server's own output, for a server the runner started. */
    public static final String SERVER_LOG_FILE = "server.log";
    /**
     * Where a server the runner started listened, {@code {"port": 43127}}: the port after any move off a taken one, which
     * the console alone said before. None for a --target server or a guest (their URL is in run.json), nor in a run from
     * before it was written.
     */
    public static final String SERVER_PORT_FILE = "server-port.json";

    /** The client's own HTML report of the load (JMeter's dashboard) folder, and its page. */
    public static final String DASHBOARD_DIR = "dashboard";

    public static final String DASHBOARD_FILE = DASHBOARD_DIR + "/index.html";
    /** A warm-up's files, kept apart from the measured ones in the server's folder. */
    public static final String WARMUP_DIR = "warmup";
    /**
     * The client fork's stdout as the runner read it, whichever client ran; a client's own logs are named by its {@code
     * LoadClient} line.
     */
    public static final String CLIENT_CONSOLE_FILE = "client-console.log";
    /** {@link #CLIENT_CONSOLE_FILE} as older runs named it, read when the new name is absent. */
    public static final String OLD_CLIENT_CONSOLE_FILE = "jmeter-console.log";

    /** The client fork's stdout in a server's folder, under the name its run wrote it. */
    public static Path clientConsole(Path serverDir) {
        Path console = serverDir.resolve(CLIENT_CONSOLE_FILE);
        Path old = serverDir.resolve(OLD_CLIENT_CONSOLE_FILE);
        return Files.exists(console) || !Files.exists(old) ? console : old;
    }
    /**
     * A load split over client processes keeps each one's own files in {@code client-<n>/} of the server's folder, from
     * 1, and their merge ({@link #SAMPLES_FILE}, {@link #CLIENT_STATS_FILE}) in the folder itself.
     */
    public static final String CLIENT_PROCESS_PREFIX = "client-";

    /** How many client processes sent the load and why, one JSON object: {@code {"processes": 2, "why": "..."}}. */
    public static final String CLIENT_SPLIT_FILE = "client-split.json";

    /** The folder of client process {@code index} (from 1) in a server's folder. */
    public static String clientProcessDir(int index) {
        return CLIENT_PROCESS_PREFIX + index;
    }

    /** The client processes' folders in a server's folder, process 1 first; none for a load of one process. */
    public static List<Path> clientProcessDirs(Path serverDir) {
        List<Path> dirs = new ArrayList<>();
        for (int index = 1; Files.isDirectory(serverDir.resolve(clientProcessDir(index))); index++) {
            dirs.add(serverDir.resolve(clientProcessDir(index)));
        }
        return dirs;
    }

    /** What the client forks of a run share (for JMeter, its home, extracted on first use), in the run folder. */
    public static final String CLIENT_HOME_DIR = ".client-home";

    /** A soak run's check of each server's trends ({@code ./lab soak}), beside its summary. */
    public static final String SOAK_FILE = "soak.md";

    /**
     * The checks of {@code --check} judged: as JSON, as a JUnit report for CI servers, and as Markdown for a job's
     * summary.
     */
    public static final String CHECKS_JSON_FILE = "checks.json";

    public static final String CHECKS_JUNIT_FILE = "checks.xml";
    public static final String CHECKS_MARKDOWN_FILE = "checks.md";

    /** Each server's client CPU a request, written by the runner beside the summary. */
    public static final String CPU_COSTS_FILE = "cpu-per-request.json";

    /** The folder of repeat N of a configuration is {@code repeat-N}. */
    public static final String REPEAT_PREFIX = "repeat-";

    // In a pinning run's folder (./lab pinning).

    /** What a {@code ./lab pinning} run writes at the top of its folder, and its page's markdown. */
    public static final String PINNING_FILE = "pinning.json";

    public static final String PINNING_MARKDOWN_FILE = "pinning.md";

    /** The downstream server the socket wait reads from. */
    public static final String DOWNSTREAM_LOG_FILE = "downstream-server-async.log";
    /** jcmd's output beside a probe's recording. */
    public static final String JCMD_LOG_FILE = "jcmd.log";

    // In a ./lab tasks run's folder, and in each of its cases' folders.

    /** What a {@code ./lab tasks} run writes at the top of its folder (the executor alone, no server), and its markdown. */
    public static final String TASKS_FILE = "tasks.json";

    public static final String TASKS_MARKDOWN_FILE = "tasks.md";

    /** The task fork's output. */
    public static final String TASK_LOG_FILE = "fork.log";
    /** /proc of the task fork every 100 ms. */
    public static final String TASK_PROC_FILE = "proc.jsonl";

    /** What the report lacks without {@code server-stats.jsonl}, in its notes. */
    public static final String NO_SERVER_FIGURES = "no server-side figures (the server may have died at start)";

    // In the run folder (and each case's).

    /** What the runner set out to do (metadata and plan), written before the first server starts. */
    public static final String STARTED_FILE = "run.json";

    public static final String SUMMARY_JSON_FILE = "summary.json";
    public static final String SUMMARY_CSV_FILE = "summary.csv";
    public static final String SUMMARY_MARKDOWN_FILE = "summary.md";
    public static final String CHARTS_FILE = "charts.json";
    public static final String HTML_FILE = "index.html";
    public static final String HEADLINE_FILE = "headline.png";
}
