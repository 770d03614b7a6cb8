package lab.threads.report.verdict;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.raw.KernelEvidence;
import lab.threads.run.PlanShape;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The talk's published Summary Report beside this run's rows of the same servers on the same plan, each difference
 * named with the cause the lab measured. The talk's figures are data ({@value #FILE}), not code.
 */
public record TalkComparison(String source, List<Row> rows) {

    /** The talk's plan: 20,000 users, ramp-up 20 s, 3 loops of a 6 s sleep; its ideal is 1,579 requests/s. */
    public static final PlanShape.Closed PLAN = PlanShape.closed(20_000, 20, 3, 6_000);

    static final String FILE = "talk-summary-report.csv";
    private static final String SOURCE = "the talk \"Demystifying Java Fibers\" (Globant), JMeter's Summary Report as "
            + "published; a JDK early-access Loom build, JMeter on 20,000 platform threads (SEEDS.md)";
    private static final String IDLE_CAP = "sun.net.httpserver.maxIdleConnections";
    private static final String MAX_CONNECTIONS = "jdk.httpserver.maxConnections";

    /**
     * @param talk        the talk's row; NaN where the published table was cut off
     * @param differences errors, throughput and max, talk against here, one sentence each
     * @param errorCauses this run's errors, one line per cause with what the lab measured of it
     */
    public record Row(
            String server,
            String label,
            String settings,
            SummaryReportRow talk,
            SummaryReportRow here,
            List<String> differences,
            List<String> errorCauses) {}

    /**
     * What the run measured of one server, as the comparison needs it; null where the run has no such evidence.
     *
     * @param slowest where the slowest 1% spent their time, in words
     */
    public record Measured(
            String server,
            SummaryReportRow row,
            double percentOfIdeal,
            Map<String, Long> errorsByCause,
            ClientVerdict client,
            KernelEvidence kernel,
            Map<String, Object> settings,
            String slowest) {}

    /** The comparison, or null when the run did not send the talk's plan to at least one of the talk's servers. */
    public static TalkComparison of(PlanShape plan, List<Measured> servers) {
        if (!PLAN.equals(plan)) {
            return null;
        }
        Map<String, Published> published = published();
        List<Row> rows = servers.stream()
                .filter(server -> published.containsKey(server.server()))
                .map(server -> row(published.get(server.server()), server))
                .toList();
        return rows.isEmpty() ? null : new TalkComparison(SOURCE, rows);
    }

    private record Published(String label, SummaryReportRow row) {}

    private static Row row(Published talk, Measured here) {
        List<String> causes = here.errorsByCause().entrySet().stream()
                .map(cause -> explain(cause.getKey(), cause.getValue(), here))
                .toList();
        double ideal = PLAN.idealThroughput();
        List<String> differences = List.of(
                String.format(
                        Locale.ROOT,
                        "errors %.2f%% in the talk, %.2f%% here%s",
                        talk.row().errorPercent(),
                        here.row().errorPercent(),
                        causes.isEmpty() ? "" : ", by cause:"),
                String.format(
                        Locale.ROOT,
                        "throughput %.1f/s in the talk (%.0f%% of the ideal %,.0f/s, its client on 20,000 platform "
                                + "threads), %.1f/s here (%.1f%%); the client here: %s",
                        talk.row().throughput(),
                        100 * talk.row().throughput() / ideal,
                        ideal,
                        here.row().throughput(),
                        here.percentOfIdeal(),
                        clientShare(here.client())),
                String.format(
                        Locale.ROOT,
                        "max %,d ms in the talk, %,d ms here%s",
                        talk.row().max(),
                        here.row().max(),
                        here.slowest() == null ? "" : "; the slowest 1% here: " + here.slowest()));
        return new Row(
                here.server(), talk.label(), settings(here.settings()), talk.row(), here.row(), differences, causes);
    }

    /** One cause of errors with its count and what the lab measured of it. */
    static String explain(String key, long count, Measured here) {
        ErrorCause cause = ErrorCause.parse(key);
        String what = String.format(Locale.ROOT, "%,d x %s", count, key);
        String text = cause.cause();
        if (text.contains("NoHttpResponseException")) {
            return what + ": the server closed the connection before answering; " + whyClosed(here);
        }
        if (ClientVerdict.RESOURCE_LIMITS.stream().anyMatch(text::contains)) {
            return what + ": " + (cause.side() == ErrorCause.Side.CLIENT ? "the client's" : "the server's")
                    + " own resources ran out: "
                    + (cause.side() == ErrorCause.Side.CLIENT ? "the client's share" : "thread creation failing");
        }
        if (cause.side() == ErrorCause.Side.SERVER && text.equals("HTTP 503")) {
            return what + ": the server could not start a thread for them (its 503 thread_unavailable)";
        }
        if (text.contains("Connection reset")) {
            return what + ": " + acceptQueue(here.kernel()) + "; " + whyClosed(here);
        }
        if (text.contains("Connect") || text.contains("connect timed out")) {
            return what + ": " + acceptQueue(here.kernel());
        }
        if (text.contains("SocketTimeoutException")) {
            return what + ": JMeter's response timeout: the answer took longer than the plan allows";
        }
        return what;
    }

    /** Why the JDK server closes a connection unanswered: its idle cap, or its connection limit. */
    private static String whyClosed(Measured here) {
        Map<String, Object> own = framework(here.settings());
        if (!(own.get(IDLE_CAP) instanceof Number cap) || !(own.get(MAX_CONNECTIONS) instanceof Number limit)) {
            return "the server's limits are unknown (no /stats settings)";
        }
        // The cap bites below the connection limit (the lab sets them equal); without a limit, below the plan's users.
        long limitOrUsers = limit.longValue() > 0 ? limit.longValue() : PLAN.users();
        if (cap.longValue() < limitOrUsers) {
            return "this server keeps at most " + cap + " idle keep-alive connections (" + IDLE_CAP
                    + ", the JDK's default of 200 in the talk) and closes each one beyond them as it goes idle, so "
                    + "JMeter's next request on it finds it closed";
        }
        return limit.longValue() > 0
                ? "this server closes every connection beyond its " + limit + " open ones as soon as it accepts it ("
                        + MAX_CONNECTIONS + "), where the other servers leave it waiting in the backlog"
                : "neither its idle cap (" + cap + ") nor a connection limit explains it";
    }

    /** The kernel's word on the accept queue, the talk's 50-entry backlog's suspect. */
    private static String acceptQueue(KernelEvidence kernel) {
        if (kernel == null || kernel.listenOverflows() == null) {
            return "a connect that failed; no kernel counters were recorded to tell whether the accept queue overflowed";
        }
        return String.format(
                Locale.ROOT,
                "the kernel counted %,d ListenOverflows and %,d ListenDrops on an accept queue of %s (peak %s waiting)%s",
                kernel.listenOverflows(),
                kernel.listenDrops() == null ? 0 : kernel.listenDrops(),
                kernel.backlog() == null ? "unknown size" : kernel.backlog(),
                kernel.peakAcceptQueue() == null ? "unknown" : kernel.peakAcceptQueue(),
                kernel.listenOverflows() > 0 ? ": the accept queue overflowed" : ": not the accept queue");
    }

    /** The verdict, and for a client-bound run its first piece of evidence. */
    private static String clientShare(ClientVerdict client) {
        if (client == null) {
            return "not judged";
        }
        boolean bound =
                client.verdict() == Verdict.CLIENT_BOUND && !client.findings().isEmpty();
        return client.verdict().label() + (bound ? " (" + client.findings().getFirst() + ")" : "");
    }

    /** E.g. "stock: backlog 50, 200 idle connections kept"; "unknown" without /stats settings. */
    static String settings(Map<String, Object> settings) {
        if (settings == null) {
            return "unknown";
        }
        Object cap = framework(settings).get(IDLE_CAP);
        return settings.getOrDefault("settings", "lab") + ": backlog "
                + settings.getOrDefault("effectiveBacklog", settings.get("backlog"))
                + (cap == null ? "" : ", " + cap + " idle connections kept") + ", connections "
                + settings.getOrDefault("maxConnections", "unknown");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> framework(Map<String, Object> settings) {
        return settings != null && settings.get("framework") instanceof Map<?, ?> own
                ? (Map<String, Object>) own
                : Map.of();
    }

    /** The talk's rows by the lab server that reruns each. */
    static Map<String, Published> published() {
        try (InputStream in = TalkComparison.class.getResourceAsStream(FILE);
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            Map<String, Published> rows = new LinkedHashMap<>();
            for (CSVRecord record : CSVFormat.DEFAULT
                    .builder()
                    .setCommentMarker('#')
                    .setHeader()
                    .setSkipHeaderRecord(true)
                    .get()
                    .parse(reader)) {
                rows.put(
                        record.get("server"),
                        new Published(
                                record.get("label"),
                                new SummaryReportRow(
                                        Long.parseLong(record.get("samples")),
                                        number(record, "average"),
                                        Long.parseLong(record.get("min")),
                                        Long.parseLong(record.get("max")),
                                        number(record, "stdDev"),
                                        number(record, "errorPercent"),
                                        number(record, "throughput"),
                                        number(record, "receivedKBPerSec"),
                                        number(record, "sentKBPerSec"),
                                        number(record, "avgBytes"))));
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(FILE + " unreadable", e);
        }
    }

    /** NaN for a cell the published table cut off. */
    private static double number(CSVRecord record, String column) {
        String cell = record.get(column);
        return cell.isBlank() ? Double.NaN : Double.parseDouble(cell);
    }
}
