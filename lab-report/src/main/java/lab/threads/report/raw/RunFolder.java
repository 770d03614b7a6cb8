package lab.threads.report.raw;

import lab.threads.common.ClientStats;

/**
 * The names of the files in a run folder, in one place for everything that writes or reads them: the runner, the
 * readers here and every package above. A server's folder holds what the runner and its processes record; the run
 * folder holds the report written from them.
 */
public final class RunFolder {

    private RunFolder() {}

    // In each server's folder, written while the load runs.

    /** JMeter's (or the other client's) one line per request. */
    public static final String SAMPLES_FILE = "samples.jtl";

    public static final String STATS_FILE = "server-stats.jsonl";
    public static final String SERVER_SECONDS_FILE = "server-seconds.json";
    /** The client's own health once a second, written by the client's JVM itself (either client). */
    public static final String CLIENT_STATS_FILE = ClientStats.FILE_NAME;
    /** The server's own timestamps of each request (its --request-log), for a server the runner started. */
    public static final String REQUESTS_FILE = "server-requests.csv";
    /** Written by the runner from outside the processes: the kernel's view of the port, and /proc of each process. */
    public static final String KERNEL_FILE = "kernel.jsonl";
    /** The listener's accept queue alone, 10 times a second, for the check of the timeline against Little's law. */
    public static final String ACCEPT_QUEUE_FILE = "accept-queue.jsonl";

    /** The database's own view of its connections ({@code pg_stat_activity}) once a second, in a run through one. */
    public static final String DATABASE_FILE = "database.jsonl";

    public static final String SERVER_PROC_FILE = "server-proc.jsonl";
    public static final String CLIENT_PROC_FILE = "client-proc.jsonl";
    /** A guest's URL, process and collections ({@link GuestFacts}): its folder is a guest's when it holds this. */
    public static final String GUEST_FILE = "guest.json";
    /** A guest's own output and its keeper's, for a guest the runner started, in the run folder. */
    public static final String GUEST_LOG_SUFFIX = "-guest.log";
    /** The server's own output, for a server the runner started. */
    public static final String SERVER_LOG_FILE = "server.log";

    /** JMeter's HTML dashboard folder, and its page. */
    public static final String DASHBOARD_DIR = "dashboard";

    public static final String DASHBOARD_FILE = DASHBOARD_DIR + "/index.html";
    /** A warm-up's files, kept apart from the measured ones in the server's folder. */
    public static final String WARMUP_DIR = "warmup";
    /**
     * The client fork's stdout as the runner read it (its progress and {@code done} lines), whichever client ran:
     * the name is JMeter's, kept so that every run reads alike.
     */
    public static final String CLIENT_CONSOLE_FILE = "jmeter-console.log";
    /** The JMeter fork's stderr, where it says why it failed. */
    public static final String JMETER_LOG_FILE = "jmeter.log";
    /** JMeter's own log, beside the .jtl: {@code <jtl name>.jmeter.log}. */
    public static final String JMETER_OWN_LOG_FILE = "samples.jmeter.log";
    /** The Hyperfoil fork's stderr, written only for a Hyperfoil run. */
    public static final String HYPERFOIL_LOG_FILE = "hyperfoil.log";
    /** Each client fork's GC log, beside the .jtl. */
    public static final String JMETER_GC_LOG_FILE = "jmeter-gc.log";

    public static final String HYPERFOIL_GC_LOG_FILE = "hyperfoil-gc.log";
    /** The JMeter home the forks of a run share, in the run folder (extracted on first use). */
    public static final String JMETER_HOME_DIR = ".jmeter-home";

    /** Each server's client CPU a request, written by the runner beside the summary. */
    public static final String CPU_COSTS_FILE = "cpu-per-request.json";

    // In a pinning run's folder (./lab pinning).

    /** The downstream server the socket wait reads from. */
    public static final String DOWNSTREAM_LOG_FILE = "downstream-server-async.log";
    /** jcmd's output beside a probe's recording. */
    public static final String JCMD_LOG_FILE = "jcmd.log";

    // In each task case's folder of ./lab tasks.

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
