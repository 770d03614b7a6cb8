package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import lab.threads.process.OptionTwins;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

class ServerSettingsTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty("lab.sleep-ms");
        System.clearProperty("lab.backlog");
    }

    @Test
    void defaultsAreTheSameForEveryVariantButThePort() {
        for (Variant variant : Variant.values()) {
            ServerSettings settings = ServerSettings.parse(variant);
            assertEquals(variant.defaultPort(), settings.port());
            assertEquals(6000, settings.sleepMs());
            assertEquals(60000, settings.maxSleepMs());
            assertEquals(8192, settings.backlog());
            assertEquals(65000, settings.shutdownGraceMs(), "grace above the longest sleep");
            int openFiles = OsLimits.openFiles().orElseThrow();
            assertEquals(openFiles - ServerSettings.DESCRIPTOR_HEADROOM, settings.maxConnections());
            assertTrue(settings.maxConnections() < openFiles, "below the open-files limit");
            assertEquals(SettingsMode.LAB, settings.mode());
            assertTrue(settings.labTuned());
        }
    }

    @Test
    void stockSettingsComeFromTheFlagOrTheEnvironment() {
        assertEquals(
                SettingsMode.STOCK,
                ServerSettings.parse(Variant.POOL, "--settings=stock").mode());
        assertEquals(
                SettingsMode.STOCK,
                ServerSettings.parse(Variant.POOL, "--settings=STOCK").mode());
        OptionTwins stockEnvironment =
                new OptionTwins(Map.of("LAB_SETTINGS", "stock")::get, ServerSettings.derivedDefaults(Variant.POOL));
        ServerSettings settings = parse(stockEnvironment);
        assertEquals(SettingsMode.STOCK, settings.mode());
        assertFalse(settings.labTuned());
        assertEquals(
                SettingsMode.LAB, parse(stockEnvironment, "--settings=lab").mode(), "the flag beats the environment");
    }

    @Test
    void stockSettingsRefuseEveryLoadKnobGivenOnPurpose() {
        for (String knob : ServerSettings.EQUAL_SETTINGS) {
            String message = message("--settings=stock", knob + "=1000");
            assertTrue(message.startsWith(knob + " cannot be combined with --settings stock"), message);
        }
        OptionTwins environment = new OptionTwins(
                Map.of("LAB_SETTINGS", "stock", "LAB_IDLE_TIMEOUT_MS", "5000")::get,
                ServerSettings.derivedDefaults(Variant.POOL));
        ParameterException fromEnvironment = assertThrows(ParameterException.class, () -> parse(environment));
        assertTrue(
                fromEnvironment.getMessage().startsWith("--idle-timeout-ms cannot be combined"),
                fromEnvironment.getMessage());
        System.setProperty("lab.backlog", "100");
        assertTrue(
                message("--settings=stock").startsWith("--backlog cannot be combined"),
                "a property is given on purpose too");
        assertEquals(100, ServerSettings.parse(Variant.POOL, "--settings=lab").backlog(), "lab settings take it");
    }

    @Test
    void describeSaysTheModeAndNoneWhereTheFrameworkHasNone() {
        ServerSettings settings = ServerSettings.parse(Variant.POOL, "--settings=stock");
        Map<String, Object> described = settings.describe(new LoadSettings(1000, null, 60_000L, null));
        assertEquals("stock", described.get("settings"));
        assertEquals(1000, described.get("backlog"));
        assertEquals("unlimited", described.get("maxConnections"));
        assertEquals(60_000L, described.get("idleTimeoutMs"));
        assertEquals("none", described.get("shutdownGraceMs"));
        assertFalse(settings.describe(null).containsKey("backlog"), "nothing said before the framework has");
    }

    @Test
    void effectiveBacklogIsCappedBySomaxconn() {
        ServerSettings settings = ServerSettings.parse(Variant.VIRTUAL, "--backlog=1000000");
        assertEquals(OsLimits.somaxconn().orElseThrow(), settings.effectiveBacklog());
        assertTrue(settings.effectiveBacklog() > 100, "somaxconn read whole, not truncated");
    }

    @Test
    void flagBeatsPropertyBeatsEnvironmentBeatsDefault() {
        Map<String, String> environment = Map.of("LAB_SLEEP_MS", "300", "LAB_MAX_SLEEP_MS", "9000");
        OptionTwins twins = new OptionTwins(environment::get, ServerSettings.derivedDefaults(Variant.POOL));

        assertEquals(300, parse(twins).sleepMs());
        assertEquals(9000, parse(twins).maxSleepMs());
        System.setProperty("lab.sleep-ms", "200");
        assertEquals(200, parse(twins).sleepMs());
        assertEquals(100, parse(twins, "--sleep-ms=100").sleepMs());
    }

    @Test
    void namesMapMechanically() {
        assertEquals("lab.max-sleep-ms", OptionTwins.propertyName("--max-sleep-ms"));
        assertEquals("LAB_MAX_SLEEP_MS", OptionTwins.environmentName("--max-sleep-ms"));
    }

    @Test
    void badValuesNameTheKnob() {
        assertTrue(message("--port=70000").contains("--port"));
        assertTrue(message("--sleep-ms=7000", "--max-sleep-ms=6000").contains("--max-sleep-ms"));
        assertTrue(message("--backlog=abc").contains("--backlog"));
        assertTrue(message("--no-such-flag").contains("--no-such-flag"));
        assertTrue(message("--settings=tuned").contains("--settings"));
    }

    private static String message(String... args) {
        return assertThrows(ParameterException.class, () -> ServerSettings.parse(Variant.POOL, args))
                .getMessage();
    }

    private static ServerSettings parse(OptionTwins twins, String... args) {
        ServerSettings settings = new ServerSettings();
        ServerSettings.commandLine(Variant.POOL, settings, twins).parseArgs(args);
        return settings.validate();
    }
}
