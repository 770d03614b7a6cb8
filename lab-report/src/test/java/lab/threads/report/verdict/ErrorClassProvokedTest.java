package lab.threads.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.samples.JtlReader;
import lab.threads.report.StockJMeterProperties;
import org.apache.jmeter.extractor.RegexExtractor;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.SampleSaveConfiguration;
import org.apache.jmeter.save.CSVSaveService;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each error class provoked for real: JMeter's own HTTP sampler (HttpClient 4, as the runs use it) against a socket of
 * this test's on 127.0.0.1 that misbehaves one way, its result written as the run writes samples.jtl (with the plans'
 * {@code error_cause} column) and read back by the report. The class and its side must be the one the misbehaviour
 * stands for, and the classes must add up to the failures.
 */
class ErrorClassProvokedTest {

    /** The bundled plans' extractor of an error answer's cause (JMeterPlansTest checks each plan has it). */
    private static final String CAUSE_REGEX = "\"error\":\"([A-Za-z0-9_]+)\"";

    /** The cause the lab's servers name when their database pool gave no connection in time. */
    private static final String DB_POOL_TIMEOUT = "db_pool_timeout";

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final int TIMEOUT_MS = 500;

    private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void loadJMeterProperties(@TempDir Path jmeterHome) throws IOException {
        StockJMeterProperties.load(jmeterHome);
        JMeterUtils.setProperty("sample_variables", PlanKey.ERROR_CAUSE.property());
        SampleEvent.initSampleVariables();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : opened) {
            closeable.close();
        }
    }

    @Test
    void aClosedPortIsRefusedByTheServersSide() throws IOException {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 1, LOOPBACK)) {
            port = gone.getLocalPort();
        }
        assertClass(ErrorClass.CONNECTION_REFUSED, "server", sample(port));
    }

    @Test
    void aFullAcceptQueueTimesTheConnectOut() throws IOException {
        ServerSocket neverAccepts = open(new ServerSocket(0, 1, LOOPBACK));
        fillAcceptQueue(neverAccepts.getLocalPort());
        assertClass(ErrorClass.CONNECT_TIMEOUT, "server", sample(neverAccepts.getLocalPort()));
    }

    @Test
    void anAbortedConnectionIsAReset() throws IOException {
        int port = serve(socket -> {
            socket.setSoLinger(true, 0);
            socket.close();
        });
        assertClass(ErrorClass.RESET, "server", sample(port));
    }

    @Test
    void noAnswerWithinTheResponseTimeoutIsAReadTimeoutOfTheClients() throws IOException {
        int port = serve(socket -> opened.add(socket));
        assertClass(ErrorClass.READ_TIMEOUT, "client", sample(port));
    }

    @Test
    void aConnectionClosedBeforeAnyAnswerIsNamedSo() throws IOException {
        int port = serve(Socket::close);
        assertClass(ErrorClass.CLOSED_WITHOUT_ANSWER, "server", sample(port));
    }

    @Test
    void aPoolTimeoutsAnswerKeepsTheServersCauseAndItsLimit() throws IOException {
        int port = serve(socket -> answer503(socket, poolTimeoutBody()));
        ErrorClassTally tally = tally(List.of(sample(port)));

        ErrorClassTally.Row row = tally.rows().getFirst();
        assertEquals(ErrorClass.HTTP_5XX.label() + ": 503 " + DB_POOL_TIMEOUT, row.key());
        assertEquals("server", row.side());
        assertTrue(row.limit().contains("--db-pool"), row.limit());
    }

    @Test
    void theClassesAddUpToTheFailuresAndEachSecondToTheTotal() throws IOException {
        int refused;
        try (ServerSocket gone = new ServerSocket(0, 1, LOOPBACK)) {
            refused = gone.getLocalPort();
        }
        int closes = serve(Socket::close);
        int pool = serve(socket -> answer503(socket, poolTimeoutBody()));
        List<SampleResult> results = new ArrayList<>();
        for (int port : new int[] {refused, closes, pool, refused, pool}) {
            results.add(sample(port));
        }
        ErrorClassTally tally = tally(results);

        assertEquals(5, tally.total());
        assertEquals(3, tally.rows().size(), tally.rows().toString());
        Map<String, Long> bySeconds = new LinkedHashMap<>();
        tally.perSecond().forEach(second -> second.counts().forEach((key, n) -> bySeconds.merge(key, n, Long::sum)));
        tally.rows().forEach(row -> assertEquals(row.count(), bySeconds.get(row.key()), row.key()));
        assertTrue(tally.perSecond().stream().allMatch(second -> second.second() >= 0));
    }

    private void assertClass(ErrorClass expected, String side, SampleResult result) throws IOException {
        assertFalse(result.isSuccessful(), "the sample failed: " + result.getResponseCode());
        ErrorClassTally tally = tally(List.of(result));
        assertEquals(1, tally.rows().size(), tally.rows().toString());
        ErrorClassTally.Row row = tally.rows().getFirst();
        String raw = result.getResponseCode() + " / " + result.getResponseMessage();
        assertEquals(expected.label(), row.errorClass(), raw);
        assertEquals(side, row.side(), raw);
        assertEquals(1, row.count());
    }

    /** The results written as the run writes samples.jtl, then read as the report reads it. */
    private ErrorClassTally tally(List<SampleResult> results) throws IOException {
        SampleSaveConfiguration save = new SampleSaveConfiguration();
        save.setAsXml(false);
        save.setFieldNames(true);
        save.setUrl(true);
        save.setThreadCounts(true);
        save.setConnectTime(true);
        save.setSentBytes(true);
        Path jtl = Files.createTempFile(dir, "samples", ".jtl");
        StringBuilder lines = new StringBuilder(CSVSaveService.printableFieldNamesToString(save)).append('\n');
        for (SampleResult result : results) {
            result.setSaveConfig(save);
            JMeterVariables variables = JMeterContextService.getContext().getVariables();
            lines.append(CSVSaveService.resultToDelimitedString(new SampleEvent(result, "Users", variables)))
                    .append('\n');
        }
        Files.writeString(jtl, lines);
        ErrorClasses classes = new ErrorClasses();
        List<String> notes = new ArrayList<>();
        JtlReader.read(jtl, classes, notes);
        assertTrue(notes.isEmpty(), notes.toString());
        return classes.tally(results.getFirst().getStartTime());
    }

    /** One request through JMeter's sampler, then the plans' extractor of the answer's cause, as in a run. */
    private static SampleResult sample(int port) {
        JMeterContext context = JMeterContextService.getContext();
        context.setVariables(new JMeterVariables());
        HTTPSamplerProxy sampler = new HTTPSamplerProxy();
        sampler.setImplementation("HttpClient4");
        sampler.setDomain(LOOPBACK.getHostAddress());
        sampler.setPort(port);
        sampler.setPath("/sleep?ms=1");
        sampler.setMethod("GET");
        sampler.setConnectTimeout(Integer.toString(TIMEOUT_MS));
        sampler.setResponseTimeout(Integer.toString(TIMEOUT_MS));
        sampler.setUseKeepAlive(true);
        SampleResult result = sampler.sample();
        context.setPreviousResult(result);
        RegexExtractor extractor = new RegexExtractor();
        extractor.setRefName(PlanKey.ERROR_CAUSE.property());
        extractor.setRegex(CAUSE_REGEX);
        extractor.setTemplate("$1$");
        extractor.setMatchNumber(1);
        extractor.setDefaultEmptyValue(true);
        extractor.setThreadContext(context);
        extractor.process();
        return result;
    }

    /**
     * The lab servers' answer to a pool timeout, in their body's shape (JMeterPlansTest checks the plans' extractor
     * against the servers' own writer of it).
     */
    private static String poolTimeoutBody() throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", 503);
        body.put("error", DB_POOL_TIMEOUT);
        body.put("message", "how=db: no connection of the pool's 10 came free within its 100 ms");
        return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(body);
    }

    private static void answer503(Socket socket, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        OutputStream out = socket.getOutputStream();
        out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                        + bytes.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
        socket.close();
    }

    /** Connects until the kernel stops completing handshakes for the listener: its accept queue is full. */
    private void fillAcceptQueue(int port) throws IOException {
        for (int i = 0; i < 64; i++) {
            Socket socket = open(new Socket());
            try {
                socket.connect(new InetSocketAddress(LOOPBACK, port), 200);
            } catch (SocketTimeoutException full) {
                return;
            }
        }
        throw new AssertionError("the accept queue of a backlog of 1 never filled");
    }

    private interface Behaviour {
        void onRequest(Socket socket) throws IOException;
    }

    /** A listener that reads each request's head, then does {@code behaviour} with the connection. */
    private int serve(Behaviour behaviour) throws IOException {
        ServerSocket server = open(new ServerSocket(0, 50, LOOPBACK));
        Thread.ofVirtual().start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    readHead(socket.getInputStream());
                    behaviour.onRequest(socket);
                } catch (IOException closed) {
                    return;
                }
            }
        });
        return server.getLocalPort();
    }

    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int b = in.read(); b >= 0; b = in.read()) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == end.length) {
                return;
            }
        }
    }

    private <T extends AutoCloseable> T open(T closeable) {
        opened.add(closeable);
        return closeable;
    }
}
