package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import lab.threads.common.Variant;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * {@code --servers}: the design's three by default, any variant by its short or module name, a group ({@code deployed}: Tomcat and Jetty), {@code all} for every one
 * ({@value #EVERY_VARIANT} below: every {@link Variant} in its order, the design's three first).
 */
class ServerChoiceTest {
    private static final String EVERY_VARIANT = "<every variant>";

    @ParameterizedTest(name = "--servers={0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "                                  | server-platform,server-pool,server-virtual",
                "all                               | <every variant>",
                "async,undertow-virtual            | server-async,server-undertow-virtual",
                "server-fixed-pool,fixed-pool,pool | server-fixed-pool,server-pool",
                "virtual,all                       | server-virtual,<every variant but virtual>",
                "deployed                          | server-tomcat-pool,server-tomcat-virtual,server-jetty-pool,server-jetty-virtual",
                "jetty-pool,deployed               | server-jetty-pool,server-tomcat-pool,server-tomcat-virtual,server-jetty-virtual"
            })
    void serversByName(String servers, String expected) throws Exception {
        CommandLine cli = LabCommand.commandLine();
        cli.parseArgs(
                servers == null
                        ? new String[] {"--plan=smoke"}
                        : new String[] {"--plan=smoke", "--servers=" + servers});
        List<Variant> chosen = ((LabCommand) cli.getCommand()).options().servers();
        assertEquals(
                expand(expected),
                String.join(",", chosen.stream().map(Variant::id).toList()));
    }

    /** The registry's order, so a new variant needs no new row here: today server-platform, ..., server-async. */
    private static String expand(String expected) {
        List<String> every =
                java.util.stream.Stream.of(Variant.values()).map(Variant::id).toList();
        return expected.replace(EVERY_VARIANT, String.join(",", every))
                .replace(
                        "<every variant but virtual>",
                        String.join(
                                ",",
                                every.stream()
                                        .filter(id -> !id.equals(Variant.VIRTUAL.id()))
                                        .toList()));
    }
}
