package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import lab.threads.common.Variant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code --servers}: the design's three by default, any variant by its short or module name, {@code all} for every one. */
class ServerChoiceTest {

    @ParameterizedTest(name = "--servers={0}")
    @CsvSource(delimiter = '|', value = {
            "                                  | server-platform,server-pool,server-virtual",
            "all                               | server-platform,server-pool,server-virtual,server-undertow-virtual,server-fixed-pool,server-async",
            "async,undertow-virtual            | server-async,server-undertow-virtual",
            "server-fixed-pool,fixed-pool,pool | server-fixed-pool,server-pool",
            "virtual,all                       | server-virtual,server-platform,server-pool,server-undertow-virtual,server-fixed-pool,server-async"})
    void serversByName(String servers, String expected) throws Exception {
        CommandLine cli = LabCommand.commandLine();
        cli.parseArgs(servers == null ? new String[] {"--plan=smoke"} : new String[] {"--plan=smoke", "--servers=" + servers});
        List<Variant> chosen = ((LabCommand) cli.getCommand()).options().servers();
        assertEquals(expected, String.join(",", chosen.stream().map(Variant::id).toList()));
    }
}
