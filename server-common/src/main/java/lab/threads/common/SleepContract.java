package lab.threads.common;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.model.wait.WaitKind;
import lab.threads.process.HeapAfterGc;
import lab.threads.process.ProcessMetrics;

/**
 * The endpoint contract shared by every server, free of any HTTP framework: routing, {@code ms}, the JSON bodies and
 * the counters; adapters only choose the thread that runs a {@link SleepJob}.
 */
public final class SleepContract {
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");
    /** A request id the request log keeps as is: anything else (it would break the CSV) is dropped, not refused. */
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** The cause of an error answer, as {@link #errorBody} writes it, for {@code /stats}' count by cause. */
    private static final Pattern ERROR_CAUSE = Pattern.compile("\"error\":\"([A-Za-z0-9_]+)\"");

    private static final String ENDPOINTS =
            "GET /sleep[?ms=N], GET /health, GET /stats, GET /stats/seconds, GET /stats/memory[?gc=true]";

    private final Variant variant;
    private final ServerSettings settings;
    private final ServerStats stats = new ServerStats();
    /** How often a stop looks whether the requests in flight have ended. */
    private static final Duration IN_FLIGHT_POLL = Duration.ofMillis(20);
    /** How long a stop waits past the sleeps' end for their answers' writes, which a framework may never report. */
    private static final Duration ANSWER_WRITE_GRACE = Duration.ofSeconds(1);
    /** Sleeps begun whose answers are not yet written ({@link #responded}). */
    private final AtomicInteger unanswered = new AtomicInteger();

    private final ServerTiming timing = new ServerTiming();
    private final Waits waits;
    /** Null unless --request-log asked for one. */
    private final RequestLog requestLog;

    private volatile LoadSettings loadSettings;
    /** Limits of the framework's own beyond the four load settings, by its name for them; empty for most. */
    private volatile Map<String, Object> frameworkSettings = Map.of();

    public SleepContract(Variant variant, ServerSettings settings) {
        this.variant = variant;
        this.settings = settings;
        this.requestLog = settings.requestLog() == null ? null : RequestLog.open(settings.requestLog());
        this.waits = Waits.of(settings, variant != Variant.ASYNC);
        HeapAfterGc.watch();
    }

    /** The server begins to stop: requests queued for a pooled connection are answered now, not after its timeout. */
    public void stopping() {
        waits.stopBorrowing();
    }

    /**
     * Waits at most {@code grace} until no request is in flight and their answers are written, so a stop never cuts an
     * answer whose sleep just ended; a connection without a whole request has none in flight. The writes get at most
     * {@link #ANSWER_WRITE_GRACE} past the sleeps' end.
     *
     * @return whether none was left in flight
     */
    public boolean awaitNoneInFlight(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        if (!awaitUntil(() -> stats.inFlight() == 0, deadline)) {
            return false;
        }
        awaitUntil(() -> unanswered.get() <= 0, Math.min(deadline, System.nanoTime() + ANSWER_WRITE_GRACE.toNanos()));
        return true;
    }

    private static boolean awaitUntil(BooleanSupplier done, long deadlineNanos) {
        while (!done.getAsBoolean()) {
            if (System.nanoTime() >= deadlineNanos) {
                return false;
            }
            try {
                Thread.sleep(IN_FLIGHT_POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** The server has stopped: the request log writes what it still holds. */
    public void close() {
        waits.close();
        if (requestLog != null) {
            requestLog.close();
        }
    }

    public Variant variant() {
        return variant;
    }

    public ServerSettings settings() {
        return settings;
    }

    public ServerStats stats() {
        return stats;
    }

    /** The adapter has set its framework up: the load settings it runs with, read back from it, for /stats. */
    public void running(LoadSettings inEffect) {
        loadSettings = inEffect;
    }

    /**
     * As {@link #running(LoadSettings)}, with limits only this framework has, served under {@code settings.framework}.
     */
    public void running(LoadSettings inEffect, Map<String, Object> frameworkOwn) {
        frameworkSettings = Map.copyOf(frameworkOwn);
        running(inEffect);
    }

    /** What {@link #running} was told; null before. */
    public LoadSettings loadSettings() {
        return loadSettings;
    }

    /** The settings in effect, as /stats serves them. */
    public Map<String, Object> describeSettings() {
        Map<String, Object> described = settings.describe(loadSettings);
        if (!frameworkSettings.isEmpty()) {
            described.put("framework", new java.util.TreeMap<>(frameworkSettings));
        }
        Map<String, Object> pools = waits.poolSettings();
        if (!pools.isEmpty()) {
            described.put("pools", pools);
        }
        return described;
    }

    /** Decides a request without blocking; safe to call on an I/O thread. Requests outside {@link HttpLimits} are refused first. */
    public Outcome accept(RequestHead head) {
        Outcome outcome = HttpLimits.refusal(head).map(Outcome.class::cast).orElseGet(() -> route(head));
        return outcome instanceof Reply reply ? counted(reply) : outcome;
    }

    /** Counts an error answer by its cause in {@code /stats}' {@code errorsByCause}; other answers pass as they are. */
    private Reply counted(Reply reply) {
        if (reply.status() >= 400) {
            Matcher cause = ERROR_CAUSE.matcher(reply.json());
            stats.error(cause.find() ? cause.group(1) : "status_" + reply.status());
        }
        return reply;
    }

    private Outcome route(RequestHead head) {
        String method = head.method();
        String path = head.path();
        return switch (path) {
            case "/sleep" -> isGet(method) ? sleepJob(head) : methodNotAllowed(method, path);
            case "/health" ->
                isGet(method)
                        ? new Reply(200, Json.write(Map.of("status", "UP", "variant", variant.id())))
                        : methodNotAllowed(method, path);
            case "/stats" -> isGet(method) ? new Reply(200, Json.write(statsBody())) : methodNotAllowed(method, path);
            case "/stats/seconds" ->
                isGet(method) ? new Reply(200, Json.write(secondsBody())) : methodNotAllowed(method, path);
            case "/stats/memory" -> isGet(method) ? memory(head.rawQuery()) : methodNotAllowed(method, path);
            default -> error(404, "not_found", "No endpoint at " + path + ". Endpoints: " + ENDPOINTS + ".");
        };
    }

    /** Runs a sleep on the variant's thread, waiting as the job says ({@link WaitKind}), and describes that thread. */
    public Reply sleep(SleepJob job) {
        sleepStarted(job);
        try {
            waits.await(job);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stats.finished(false);
            return counted(
                    error(503, "interrupted", "The sleep was interrupted (the server is stopping). Retry later."));
        } catch (IOException | RuntimeException e) {
            return waitFailed(job, e);
        }
        return slept(job);
    }

    /** The answer of a failed wait: a {@link WaitFailure}'s own status and cause, else 502 {@code wait_failed}. */
    private Reply waitFailed(SleepJob job, Throwable e) {
        stats.finished(false);
        if (e instanceof WaitFailure failure) {
            return counted(error(failure.status(), failure.error(), failure.getMessage()));
        }
        return counted(error(502, "wait_failed", "how=" + job.how().id() + " failed: " + e));
    }

    /**
     * For the variant with no thread to block: a wait that needs no thread ({@code how=http-pool}, {@code how=db}),
     * answered on the thread that completes it; otherwise at once {@link #noThreadToBlock}.
     */
    public CompletableFuture<Reply> awaitWithoutThread(SleepJob job) {
        if (!waits.waitsWithoutThread(job.how())) {
            return CompletableFuture.completedFuture(noThreadToBlock(job));
        }
        sleepStarted(job);
        try {
            return waits.awaitWithoutThread(job)
                    .orElseThrow()
                    .handle((done, failure) -> failure == null
                            ? slept(job)
                            : waitFailed(job, failure instanceof CompletionException ? failure.getCause() : failure));
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(waitFailed(job, e));
        }
    }

    /**
     * The answer of a variant with no thread to block, instead of {@link #sleepStarted}: it can only sleep or {@link
     * #awaitWithoutThread}.
     */
    public Reply noThreadToBlock(SleepJob job) {
        return counted(error(
                501,
                "no_thread_to_block",
                variant.id() + " has no thread per request to block (" + variant.threadingModel() + "): it can only"
                        + " wait with how=sleep, how=http-pool or how=db; how="
                        + job.how().id()
                        + " needs a variant with a thread per request."));
    }

    /**
     * The variant's thread (or async timer) has begun the sleep, ending the request's wait for a thread; {@link #slept}
     * ends it.
     */
    public void sleepStarted(SleepJob job) {
        unanswered.incrementAndGet();
        job.started();
        stats.started();
    }

    /** The sleep is over: counts it and describes the thread that answers. */
    public Reply slept(SleepJob job) {
        stats.finished(true);
        Thread thread = Thread.currentThread();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("variant", variant.id());
        body.put("threadingModel", variant.threadingModel());
        body.put("virtualThread", thread.isVirtual());
        body.put("threadName", thread.getName().isEmpty() ? "#" + thread.threadId() : thread.getName());
        body.put("threadId", thread.threadId());
        body.put("sleptMs", job.millis());
        if (job.howNamed()) {
            body.put("how", job.how().id());
            body.put("waitedIn", waits.description(job.how()));
        }
        return new Reply(200, Json.write(body));
    }

    /**
     * The adapter has handed the last byte of a sleep's response to the socket: the server's own timing ends here,
     * before the framework's end-of-exchange work.
     *
     * @return the instant recorded, for the connection's {@link ConnectionClock#responded}
     */
    public long responded(SleepJob job) {
        long now = System.nanoTime();
        if (job.answeredNow()) {
            unanswered.decrementAndGet();
        }
        timing.record(job.receivedNanos(), now);
        if (requestLog != null) {
            requestLog.record(job, now);
        }
        return now;
    }

    /** The answer when the variant could not get a thread for a sleep (e.g. "unable to create native thread"). */
    public Reply threadUnavailable(Throwable cause) {
        stats.threadUnavailable();
        return counted(error(
                503,
                "thread_unavailable",
                "No thread could be started for this request (" + cause
                        + "). The server keeps serving; retry later or lower the load."));
    }

    private Outcome sleepJob(RequestHead head) {
        long received = System.nanoTime();
        String rawQuery = head.rawQuery();
        List<String> hows = parameter(rawQuery, "how");
        WaitKind how = null;
        if (!hows.isEmpty()) {
            how = hows.size() == 1 ? WaitKind.of(hows.getFirst()).orElse(null) : null;
            if (how == null) {
                return badParameter(
                        "how",
                        "Query parameter 'how' must be one of " + WaitKind.ids() + "; got " + given(hows)
                                + ". Example: /sleep?ms=1000&how=monitor");
            }
            Optional<String> unavailable = waits.unavailable(how);
            if (unavailable.isPresent()) {
                return error(501, "wait_unavailable", unavailable.get());
            }
        }
        List<String> values = parameter(rawQuery, "ms");
        if (values.isEmpty()) {
            return new SleepJob(
                    settings.sleepMs(),
                    how,
                    requestId(rawQuery),
                    head.firstOnConnection(),
                    head.waitingSinceNanos(),
                    received);
        }
        String value = values.getFirst();
        if (values.size() == 1 && INTEGER.matcher(value).matches()) {
            long millis = Long.parseLong(value);
            if (millis >= 0 && millis <= settings.maxSleepMs()) {
                return new SleepJob(
                        millis, how, requestId(rawQuery), head.firstOnConnection(), head.waitingSinceNanos(), received);
            }
        }
        Map<String, Object> body = errorBody(
                400,
                "bad_request",
                "Query parameter 'ms' must be one integer from 0 to " + settings.maxSleepMs() + " (milliseconds); got "
                        + given(values) + ". Example: /sleep?ms=1000");
        body.put("parameter", "ms");
        body.put("min", 0);
        body.put("max", settings.maxSleepMs());
        return new Reply(400, Json.write(body));
    }

    private static String given(List<String> values) {
        return values.size() == 1 ? "'" + values.getFirst() + "'" : values.size() + " values " + values;
    }

    private static Reply badParameter(String parameter, String message) {
        Map<String, Object> body = errorBody(400, "bad_request", message);
        body.put("parameter", parameter);
        return new Reply(400, Json.write(body));
    }

    private Map<String, Object> statsBody() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("variant", variant.id());
        body.put("framework", variant.framework());
        body.put("threadingModel", variant.threadingModel());
        body.putAll(stats.snapshot());
        body.put("pools", waits.poolStats());
        body.put("serverTiming", timing.snapshot());
        body.putAll(ProcessMetrics.snapshot());
        body.put("jdk", Runtime.version().toString());
        body.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        body.put("settings", describeSettings());
        return body;
    }

    private Map<String, Object> secondsBody() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("variant", variant.id());
        body.put("from", ServerTiming.FROM);
        body.put("to", ServerTiming.TO);
        body.put("seconds", timing.seconds());
        return body;
    }

    /**
     * {@code /stats/memory} ({@link MemoryByPart}); {@code ?gc=true} collects first, stopping the world, so only when
     * meant.
     */
    private Reply memory(String rawQuery) {
        List<String> gc = parameter(rawQuery, "gc");
        if (gc.size() > 1 || !gc.isEmpty() && !gc.getFirst().matches("true|false")) {
            return badParameter("gc", "Query parameter 'gc' must be true or false; got " + given(gc) + ".");
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("variant", variant.id());
        body.putAll(MemoryByPart.read(gc.equals(List.of("true")), stats.inFlight()));
        return new Reply(200, Json.write(body));
    }

    private static boolean isGet(String method) {
        return "GET".equals(method);
    }

    private static Reply methodNotAllowed(String method, String path) {
        Reply reply = error(405, "method_not_allowed", method + " is not allowed on " + path + ". Use GET.");
        return new Reply(reply.status(), reply.json(), Map.of("Allow", "GET"));
    }

    static Reply error(int status, String error, String message) {
        return new Reply(status, Json.write(errorBody(status, error, message)));
    }

    private static Map<String, Object> errorBody(int status, String error, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("error", error);
        body.put("message", message);
        return body;
    }

    /** The {@code rid} the plans send (JMeter's sample keeps it in its URL), when it is one plain token. */
    private static String requestId(String rawQuery) {
        List<String> ids = parameter(rawQuery, "rid");
        return ids.size() == 1 && REQUEST_ID.matcher(ids.getFirst()).matches() ? ids.getFirst() : null;
    }

    /** All values of one query parameter, decoded; "ms=" counts as one empty value. */
    static List<String> parameter(String rawQuery, String name) {
        List<String> values = new ArrayList<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return values;
        }
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            String key = decode(equals < 0 ? pair : pair.substring(0, equals));
            if (key.equals(name)) {
                values.add(equals < 0 ? "" : decode(pair.substring(equals + 1)));
            }
        }
        return values;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }
}
