package lab.threads.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.model.wait.PoolDefaults;
import lab.threads.process.OptionTwins;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The settings every server takes, the same names and defaults everywhere, each with its twins ({@link OptionTwins}).
 */
@Command(
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Serves GET /sleep, /health and /stats. Every flag is also the system property lab.<flag> "
                + "and the environment variable LAB_<FLAG>, e.g. --sleep-ms, -Dlab.sleep-ms, LAB_SLEEP_MS.")
public final class ServerSettings {
    /** Descriptors kept free for the JVM's own files (jars, epoll, pipes) when max connections is derived. */
    static final int DESCRIPTOR_HEADROOM = 1000;
    /**
     * The load settings the lab sets equal on every server ({@code --settings lab}); none may be given with {@code
     * stock}.
     */
    public static final List<String> EQUAL_SETTINGS =
            List.of("--backlog", "--max-connections", "--idle-timeout-ms", "--shutdown-grace-ms");

    @Spec
    private CommandSpec spec;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            description = "Address to bind (0.0.0.0 in containers). Default: ${DEFAULT-VALUE}.")
    private String host;

    @Option(names = "--port", description = "TCP port; 0 picks a free one. Default: ${DEFAULT-VALUE} for this server.")
    private int port;

    @Option(
            names = "--sleep-ms",
            defaultValue = "6000",
            description = "Sleep of GET /sleep without ?ms. Default: ${DEFAULT-VALUE}.")
    private long sleepMs;

    @Option(
            names = "--max-sleep-ms",
            defaultValue = "60000",
            description = "Largest ?ms accepted. Default: ${DEFAULT-VALUE}.")
    private long maxSleepMs;

    @Option(
            names = "--settings",
            defaultValue = "lab",
            description =
                    "lab: the four load knobs below, equal on every server; stock: each framework's own defaults for them "
                            + "(the HTTP limits stay). Default: ${DEFAULT-VALUE}.")
    private SettingsMode mode;

    @Option(
            names = "--backlog",
            defaultValue = "8192",
            description =
                    "Listen backlog asked for; the kernel caps it at net.core.somaxconn. Default: ${DEFAULT-VALUE}.")
    private int backlog;

    @Option(
            names = "--idle-timeout-ms",
            defaultValue = "300000",
            description = "Idle keep-alive connections are closed after this. Default: ${DEFAULT-VALUE}.")
    private long idleTimeoutMs;

    @Option(
            names = "--max-connections",
            description = "Open TCP connections at most; more wait in the backlog. Default: open-files limit - "
                    + DESCRIPTOR_HEADROOM + " (${DEFAULT-VALUE} here).")
    private int maxConnections;

    @Option(
            names = "--shutdown-grace-ms",
            description = "On stop, in-flight requests get this long to finish. Default: max sleep + 5000.")
    private Long shutdownGraceMs;

    @Option(
            names = "--pool-threads",
            defaultValue = "200",
            description = "The threads of server-fixed-pool's fixed pool, and with --settings lab Tomcat's maxThreads "
                    + "(server-tomcat-pool) and Jetty's QueuedThreadPool (server-jetty-pool); more requests in flight "
                    + "wait in its queue. Default: ${DEFAULT-VALUE} (Tomcat's maxThreads).")
    private int poolThreads;

    @Option(
            names = "--request-log",
            description = "CSV file to which the server appends, once a second, its own timestamps of "
                    + "every /sleep request (framework has it, handler starts, response written), keyed by the request's ?rid. "
                    + "Default: none (not written).")
    private java.nio.file.Path requestLog;

    @Option(
            names = "--downstream",
            description = "The server that /sleep?how=socket reads from: http://host:port answering GET /sleep?ms=N"
                    + " after N ms (the lab's server-async does). Default: none (how=socket answers 501).")
    private java.net.URI downstream;

    @Option(
            names = "--db",
            description = "JDBC URL of the PostgreSQL that /sleep?how=db runs select pg_sleep(N/1000.0) on, through a"
                    + " HikariCP pool (server-async: r2dbc-pool)"
                    + " (e.g. jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres)."
                    + " Default: none (how=db answers 501; ./lab run --how db starts one).")
    private String db;

    @Option(
            names = "--db-pool",
            defaultValue = "" + PoolDefaults.DB_POOL,
            description = "HikariCP's maximumPoolSize (server-async: r2dbc-pool's maxSize): connections to the database"
                    + " at most; more requests wait for one. Default: ${DEFAULT-VALUE} (HikariCP's own).")
    private int dbPool;

    @Option(
            names = "--db-pool-timeout-ms",
            defaultValue = "" + PoolDefaults.DB_POOL_TIMEOUT_MS,
            description = "HikariCP's connectionTimeout (server-async: r2dbc-pool's maxAcquireTime): a request waits"
                    + " this long for a connection, then answers 503"
                    + " db_pool_timeout; at least " + PoolDefaults.DB_POOL_TIMEOUT_FLOOR_MS + " (HikariCP's floor)."
                    + " Default: ${DEFAULT-VALUE} (HikariCP's own).")
    private long dbPoolTimeoutMs;

    @Option(
            names = "--http-pool",
            defaultValue = "" + PoolDefaults.HTTP_POOL,
            description = "Apache HttpClient 5's connections per route for /sleep?how=http-pool (one route, the"
                    + " downstream, so its total is set the same); more requests wait for one."
                    + " Default: ${DEFAULT-VALUE} (HttpClient 5's own per route).")
    private int httpPool;

    @Option(
            names = "--http-pool-timeout-ms",
            defaultValue = "" + PoolDefaults.HTTP_POOL_TIMEOUT_MS,
            description = "Apache HttpClient 5's connection-request timeout: a request waits this long for a pooled"
                    + " connection, then answers 503 http_pool_timeout. Default: ${DEFAULT-VALUE} (HttpClient 5's own,"
                    + " 3 minutes).")
    private long httpPoolTimeoutMs;

    /** Parses flags over properties over environment over defaults, then validates; throws with a usable message. */
    public static ServerSettings parse(Variant variant, String... args) {
        ServerSettings settings = new ServerSettings();
        CommandLine cli = commandLine(variant, settings);
        cli.parseArgs(args);
        return cli.isUsageHelpRequested() || cli.isVersionHelpRequested() ? settings : settings.validate();
    }

    public static CommandLine commandLine(Variant variant, ServerSettings settings) {
        return commandLine(variant, settings, new OptionTwins(derivedDefaults(variant)));
    }

    static CommandLine commandLine(Variant variant, ServerSettings settings, OptionTwins twins) {
        return new CommandLine(settings)
                .setCommandName("java -jar " + variant.id() + "/target/" + variant.id() + ".jar")
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setDefaultValueProvider(twins);
    }

    /** Built-in defaults that depend on the variant and the machine, for {@link OptionTwins}. */
    public static Map<String, String> derivedDefaults(Variant variant) {
        int openFiles = OsLimits.openFiles().orElse(65536);
        return Map.of(
                "--port", Integer.toString(variant.defaultPort()),
                "--max-connections", Integer.toString(Math.max(1, openFiles - DESCRIPTOR_HEADROOM)));
    }

    /** Checks the combination once picocli has filled the fields; a bad value gets a message naming the flag. */
    public ServerSettings validate() {
        require(port >= 0 && port <= 65535, "--port must be 0..65535, got " + port);
        require(sleepMs >= 0, "--sleep-ms must be >= 0, got " + sleepMs);
        require(maxSleepMs >= sleepMs, "--max-sleep-ms (" + maxSleepMs + ") must be >= --sleep-ms (" + sleepMs + ")");
        require(backlog > 0, "--backlog must be > 0, got " + backlog);
        require(idleTimeoutMs > 0, "--idle-timeout-ms must be > 0, got " + idleTimeoutMs);
        require(maxConnections > 0, "--max-connections must be > 0, got " + maxConnections);
        require(poolThreads > 0, "--pool-threads must be > 0, got " + poolThreads);
        require(
                downstream == null
                        || "http".equals(downstream.getScheme())
                                && downstream.getHost() != null
                                && downstream.getPort() > 0,
                "--downstream must be http://host:port, got " + downstream);
        require(
                db == null || db.startsWith("jdbc:postgresql:"),
                "--db must be a PostgreSQL JDBC URL, jdbc:postgresql://host:port/database?user=..., got " + db);
        require(dbPool > 0, "--db-pool must be > 0, got " + dbPool);
        require(
                dbPoolTimeoutMs >= PoolDefaults.DB_POOL_TIMEOUT_FLOOR_MS,
                "--db-pool-timeout-ms must be >= " + PoolDefaults.DB_POOL_TIMEOUT_FLOOR_MS
                        + " (HikariCP raises less to it), got " + dbPoolTimeoutMs);
        require(httpPool > 0, "--http-pool must be > 0, got " + httpPool);
        require(httpPoolTimeoutMs > 0, "--http-pool-timeout-ms must be > 0, got " + httpPoolTimeoutMs);
        require(
                shutdownGraceMs == null || shutdownGraceMs >= 0,
                "--shutdown-grace-ms must be >= 0, got " + shutdownGraceMs);
        List<String> tuned = EQUAL_SETTINGS.stream().filter(this::given).toList();
        require(
                mode == SettingsMode.LAB || tuned.isEmpty(),
                String.join(", ", tuned)
                        + " cannot be combined with --settings stock, which leaves the framework's own value: drop it or use --settings lab");
        return this;
    }

    /** Set on purpose (flag, property or environment variable), not left to the lab's default. */
    private boolean given(String flag) {
        CommandLine cli = spec.commandLine();
        return cli.getParseResult().hasMatchedOption(flag)
                || cli.getDefaultValueProvider() instanceof OptionTwins twins && twins.given(flag) != null;
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(
                    spec.commandLine(), message + ". Fix the flag, the lab.* property or the LAB_* variable.");
        }
    }

    /** The pool's size, for the variants that have a bounded one. */
    public int poolThreads() {
        return poolThreads;
    }

    /** The downstream of {@code how=socket}; null when none was given. */
    public java.net.URI downstream() {
        return downstream;
    }

    /** The JDBC URL of {@code how=db}; null when none was given. */
    public String db() {
        return db;
    }

    public int dbPool() {
        return dbPool;
    }

    public long dbPoolTimeoutMs() {
        return dbPoolTimeoutMs;
    }

    public int httpPool() {
        return httpPool;
    }

    public long httpPoolTimeoutMs() {
        return httpPoolTimeoutMs;
    }

    /** Where the per-request timestamps go; null when not asked for. */
    public java.nio.file.Path requestLog() {
        return requestLog;
    }

    public SettingsMode mode() {
        return mode;
    }

    /** Whether the adapter sets the lab's equal settings on its framework; with stock settings it leaves them alone. */
    public boolean labTuned() {
        return mode == SettingsMode.LAB;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public long sleepMs() {
        return sleepMs;
    }

    public long maxSleepMs() {
        return maxSleepMs;
    }

    public int backlog() {
        return backlog;
    }

    /** The backlog the kernel will really use. */
    public int effectiveBacklog() {
        return effectiveBacklog(backlog);
    }

    private static int effectiveBacklog(int backlog) {
        return Math.min(backlog, OsLimits.somaxconn().orElse(backlog));
    }

    public long idleTimeoutMs() {
        return idleTimeoutMs;
    }

    public int maxConnections() {
        return maxConnections;
    }

    public long shutdownGraceMs() {
        return shutdownGraceMs != null ? shutdownGraceMs : maxSleepMs + 5000;
    }

    /**
     * The effective settings, as printed at start-up and served in /stats; {@code running} null before the adapter
     * said.
     */
    public Map<String, Object> describe(LoadSettings running) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("settings", mode.toString());
        settings.put("host", host);
        settings.put("port", port);
        settings.put("sleepMs", sleepMs);
        settings.put("maxSleepMs", maxSleepMs);
        settings.put("requestLog", requestLog == null ? "none" : requestLog.toString());
        settings.put("downstream", downstream == null ? "none" : downstream.toString());
        settings.put("db", db == null ? "none" : db.replaceAll("(?i)(password=)[^&]*", "$1***"));
        settings.put("dbPool", dbPool);
        settings.put("dbPoolTimeoutMs", dbPoolTimeoutMs);
        settings.put("httpPool", httpPool);
        settings.put("httpPoolTimeoutMs", httpPoolTimeoutMs);
        if (running != null) {
            settings.put("backlog", running.backlog());
            settings.put("effectiveBacklog", effectiveBacklog(running.backlog()));
            settings.put("idleTimeoutMs", orElse(running.idleTimeoutMs(), "none"));
            settings.put("maxConnections", orElse(running.maxConnections(), "unlimited"));
            settings.put("shutdownGraceMs", orElse(running.shutdownGraceMs(), "none"));
        }
        return settings;
    }

    /** What the adapter sets in lab mode, as the framework should then report it. */
    public LoadSettings labLoadSettings() {
        return new LoadSettings(backlog, maxConnections, idleTimeoutMs, shutdownGraceMs());
    }

    private static Object orElse(Object value, String none) {
        return value != null ? value : none;
    }
}
