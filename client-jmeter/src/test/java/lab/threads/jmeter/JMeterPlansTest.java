package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.jmeter.home.JMeterHome;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.plan.UserGroups;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.extractor.RegexExtractor;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.apache.jmeter.threads.openmodel.ThreadSchedule;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep.ArrivalType;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep.ArrivalsStep;
import org.apache.jmeter.threads.openmodel.ThreadScheduleStep.RateStep;
import org.apache.jmeter.threads.openmodel.ThreadScheduleUtils;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bundled plans, as packaged by jmeter-plans, loaded in this JVM by JMeter's own SaveService. */
class JMeterPlansTest {

    /** Evaluated at each request, so that 127.${__threadNum} gives each user its own; empty by default: JMeter's. */
    private static final String SOURCE_ADDRESS = "${__eval(${__P(source_address,)})}";

    private static Path home;

    @BeforeAll
    static void prepareJMeter(@TempDir Path dir) throws IOException {
        home = dir.resolve("jmeter-home");
        JMeterHome.prepare(home, dir.resolve("jmeter.log"));
    }

    @ParameterizedTest
    @CsvSource({"talk, 20000, 20, 3, 6000", "smoke, 50, 2, 2, 1000"})
    void planRunsItsKeysFromJMeterProperties(String name, int users, int rampup, int loops, int sleepMs)
            throws IOException {
        HashTree tree = SaveService.loadTree(copyOf(name).toFile());

        TestPlan plan = only(tree, TestPlan.class);
        assertFalse(plan.getComment().isBlank(), "the plan says what it is");
        ThreadGroup group = only(tree, ThreadGroup.class);
        assertEquals(ThreadGroup.class, group.getClass());
        assertEquals("${__P(users," + users + ")}", group.getPropertyAsString(ThreadGroup.NUM_THREADS));
        assertEquals("${__P(rampup," + rampup + ")}", group.getPropertyAsString(ThreadGroup.RAMP_TIME));
        assertTrue(group.getPropertyAsBoolean(ThreadGroup.IS_SAME_USER_ON_NEXT_ITERATION));
        LoopController loop =
                (LoopController) group.getProperty(ThreadGroup.MAIN_CONTROLLER).getObjectValue();
        assertEquals("${__P(loops," + loops + ")}", loop.getPropertyAsString(LoopController.LOOPS));

        HTTPSamplerProxy sampler = only(tree, HTTPSamplerProxy.class);
        assertEquals("${__P(host,127.0.0.1)}", sampler.getPropertyAsString(HTTPSamplerProxy.DOMAIN));
        assertEquals("${__P(port,8083)}", sampler.getPropertyAsString(HTTPSamplerProxy.PORT));
        assertEquals("GET", sampler.getMethod());
        assertEquals(
                "/sleep?ms=${__P(sleep_ms," + sleepMs
                        + ")}${__P(how_query,)}&rid=${__P(rid_prefix,)}${__counter(FALSE,)}",
                sampler.getPropertyAsString(HTTPSamplerProxy.PATH));
        assertEquals("HttpClient4", sampler.getImplementation());
        assertEquals(SOURCE_ADDRESS, sampler.getIpSource());
        assertTrue(sampler.getUseKeepAlive());
        assertEquals("${__P(connect_timeout_ms,30000)}", sampler.getPropertyAsString(HTTPSamplerProxy.CONNECT_TIMEOUT));
        assertEquals(
                "${__P(response_timeout_ms,60000)}", sampler.getPropertyAsString(HTTPSamplerProxy.RESPONSE_TIMEOUT));

        assertTrue(all(tree, SampleListener.class).isEmpty(), "no listeners: the runner adds its own");
    }

    @Test
    void openPlanRunsItsKeysFromJMeterProperties() throws Exception {
        HashTree tree = SaveService.loadTree(copyOf("open").toFile());

        assertFalse(only(tree, TestPlan.class).getComment().isBlank(), "the plan says what it is");
        OpenModelThreadGroup group = only(tree, OpenModelThreadGroup.class);
        assertEquals(
                "rate(0/sec) random_arrivals(${__P(rampup,0)} sec) rate(${__P(rate,100)}/sec) "
                        + "random_arrivals(${__P(duration,60)} sec) "
                        + "pause(${__P(connect_timeout_ms,5000)} ms ${__P(response_timeout_ms,30000)} ms)",
                group.getScheduleString());
        HTTPSamplerProxy sampler = only(tree, HTTPSamplerProxy.class);
        assertEquals("${__P(host,127.0.0.1)}", sampler.getPropertyAsString(HTTPSamplerProxy.DOMAIN));
        assertEquals("${__P(port,8083)}", sampler.getPropertyAsString(HTTPSamplerProxy.PORT));
        assertEquals(
                "/sleep?ms=${__P(sleep_ms,1000)}${__P(how_query,)}&rid=${__P(rid_prefix,)}${__counter(FALSE,)}",
                sampler.getPropertyAsString(HTTPSamplerProxy.PATH));
        assertEquals("HttpClient4", sampler.getImplementation());
        assertEquals(SOURCE_ADDRESS, sampler.getIpSource());
        assertEquals("${__P(connect_timeout_ms,5000)}", sampler.getPropertyAsString(HTTPSamplerProxy.CONNECT_TIMEOUT));
        assertEquals(
                "${__P(response_timeout_ms,30000)}", sampler.getPropertyAsString(HTTPSamplerProxy.RESPONSE_TIMEOUT));
        assertTrue(all(tree, SampleListener.class).isEmpty(), "no listeners: the runner adds its own");

        // With its knobs set, the schedule is one JMeter parses: ramp 0 -> 40/s over 2 s, 40/s for 3 s, then a pause
        // of the connect + response timeouts in which nothing arrives.
        Map.of("rampup", "2", "rate", "40", "duration", "3", "connect_timeout_ms", "500", "response_timeout_ms", "1500")
                .forEach(JMeterUtils::setProperty);
        ThreadSchedule schedule =
                ThreadScheduleUtils.ThreadSchedule(new CompoundVariable(group.getScheduleString()).execute());
        assertEquals(2 + 3 + 2.0, schedule.getTotalDuration(), 1e-9);
        assertEquals(
                List.of(
                        new RateStep(0),
                        new ArrivalsStep(ArrivalType.RANDOM, 2),
                        new RateStep(40),
                        new ArrivalsStep(ArrivalType.RANDOM, 3)),
                schedule.getSteps().subList(0, 4));
    }

    /**
     * The spike and step plans' thread groups, evaluated by JMeter from the same knobs, are the groups the lab reads
     * from them (UserGroups, which Hyperfoil sends and the report's stages follow): users, start and time each.
     */
    @ParameterizedTest
    @CsvSource({
        "spike, users=30;spike_factor=4;spike_at=5;spike_seconds=3;duration=12",
        "step, users=7;steps=3;step_seconds=4"
    })
    void stagedPlansGroupsAreTheLabsGroups(String name, String knobs) throws IOException {
        HashTree tree = SaveService.loadTree(copyOf(name).toFile());
        Map<String, String> properties = new java.util.LinkedHashMap<>();
        for (String knob : knobs.split(";")) {
            properties.put(knob.substring(0, knob.indexOf('=')), knob.substring(knob.indexOf('=') + 1));
        }
        properties.forEach(JMeterUtils::setProperty);

        List<UserGroups.Group> jmeter = all(tree, ThreadGroup.class).stream()
                .peek(group -> assertTrue(group.getScheduler(), group.getName() + " runs on the scheduler"))
                .map(group -> new UserGroups.Group(
                        Long.parseLong(evaluated(group.getPropertyAsString(ThreadGroup.DELAY))),
                        Long.parseLong(evaluated(group.getPropertyAsString(ThreadGroup.DURATION))),
                        Integer.parseInt(evaluated(group.getPropertyAsString(ThreadGroup.NUM_THREADS)))))
                .filter(group -> group.users() > 0)
                .toList();

        assertEquals(UserGroups.of(LoadPlan.read(name, name, LoadClient.JMETER, PlanModel.CLOSED, properties)), jmeter);
    }

    /** Every bundled plan extracts the cause a lab server's error answer names, for the error_cause column. */
    @ParameterizedTest
    @CsvSource({"talk", "smoke", "open", "spike", "step", "hold"})
    void planExtractsAnErrorAnswersCause(String name) throws IOException {
        HashTree tree = SaveService.loadTree(copyOf(name).toFile());
        Collection<RegexExtractor> extractors = all(tree, RegexExtractor.class);
        assertEquals(all(tree, HTTPSamplerProxy.class).size(), extractors.size(), "one under each sampler");
        // A lab server's answer when no pooled connection came free (server-common's WaitFailure.DB_POOL_TIMEOUT).
        String cause = "db_pool_timeout";
        String body = new ObjectMapper()
                .writeValueAsString(Map.of("status", 503, "error", cause, "message", "no connection"));
        for (RegexExtractor extractor : extractors) {
            assertEquals(PlanKey.ERROR_CAUSE.property(), extractor.getRefName());
            Matcher found = Pattern.compile(extractor.getRegex()).matcher(body);
            assertTrue(found.find(), body);
            assertEquals(cause, found.group(1));
        }
    }

    private static String evaluated(String expression) {
        return new CompoundVariable(expression).execute().strip();
    }

    @ParameterizedTest
    @CsvSource({"talk", "smoke", "open", "spike", "step", "hold"})
    void planIsExactlyWhatJMeterSaves(String name) throws IOException {
        Path file = copyOf(name);
        ByteArrayOutputStream saved = new ByteArrayOutputStream();
        SaveService.saveTree(SaveService.loadTree(file.toFile()), saved);

        assertEquals(Files.readString(file), saved.toString(StandardCharsets.UTF_8));
    }

    private static Path copyOf(String name) throws IOException {
        try (InputStream in =
                JMeterPlansTest.class.getClassLoader().getResourceAsStream("jmeter-plans/" + name + ".jmx")) {
            assertTrue(in != null, "jmeter-plans/" + name + ".jmx on the classpath");
            Path copy = home.resolve(name + ".jmx");
            Files.write(copy, in.readAllBytes());
            return copy;
        }
    }

    private static <T> T only(HashTree tree, Class<T> type) {
        Collection<T> found = all(tree, type);
        assertEquals(1, found.size(), type.getSimpleName() + " elements");
        return found.iterator().next();
    }

    private static <T> Collection<T> all(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return search.getSearchResults();
    }
}
