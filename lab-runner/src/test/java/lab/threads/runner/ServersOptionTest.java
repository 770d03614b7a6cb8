package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import lab.threads.common.Variant;
import lab.threads.runner.command.LabCommand;
import org.junit.jupiter.api.Test;

/** ./lab run --servers: short names, module names, and the two selections (all, talk), in the order given. */
class ServersOptionTest {

    @Test
    void talkSelectsTheTalksThreeServersOnTheJdkHttpServer() throws Exception {
        assertEquals(Variant.TALK, servers("--servers=talk"));
        assertEquals(
                List.of(Variant.VIRTUAL, Variant.JDK_THREAD, Variant.JDK_POOL, Variant.JDK_VIRTUAL),
                servers("--servers=virtual,talk,jdk-pool"),
                "in order, each once");
        assertTrue(servers("--servers=all").containsAll(Variant.TALK));
        assertTrue(Variant.TALK.stream().allMatch(variant -> variant.framework().equals("JDK HttpServer")));
    }

    private static List<Variant> servers(String... args) throws Exception {
        var cli = LabCommand.commandLine();
        cli.parseArgs(args);
        return ((LabCommand) cli.getCommand()).options().servers();
    }
}
