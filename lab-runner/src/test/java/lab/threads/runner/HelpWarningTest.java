package lab.threads.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;
import lab.threads.jmeter.workers.JMeterWorkerMain;
import lab.threads.jmeter.workers.RmiKeystoreCommand;
import lab.threads.runner.command.CompareCommand;
import lab.threads.runner.command.LabCommand;
import lab.threads.runner.command.PinningCommand;
import lab.threads.runner.command.ReportCommand;
import lab.threads.runner.command.SoakCommand;
import lab.threads.runner.command.TasksCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every ./lab command's --help prints its options and nothing else: no warning of picocli's about its own text. */
class HelpWarningTest {

    private static final Map<String, Supplier<CommandLine>> COMMANDS = Map.of(
            "run", LabCommand::commandLine,
            "compare", CompareCommand::commandLine,
            "pinning", PinningCommand::commandLine,
            "report", ReportCommand::commandLine,
            "soak", SoakCommand::commandLine,
            "tasks", TasksCommand::commandLine,
            "worker", JMeterWorkerMain::commandLine,
            "rmi-keystore", RmiKeystoreCommand::commandLine);

    @Test
    void everyCommandsHelpPrintsNoWarning() {
        PrintStream previous = System.err;
        for (Map.Entry<String, Supplier<CommandLine>> command : COMMANDS.entrySet()) {
            ByteArrayOutputStream warned = new ByteArrayOutputStream();
            ByteArrayOutputStream help = new ByteArrayOutputStream();
            CommandLine cli = command.getValue().get();
            cli.setOut(new java.io.PrintWriter(help, true, StandardCharsets.UTF_8));
            int exit;
            try {
                System.setErr(new PrintStream(warned, true, StandardCharsets.UTF_8));
                exit = cli.execute("--help");
            } finally {
                System.setErr(previous);
            }
            String said = warned.toString(StandardCharsets.UTF_8);
            assertEquals(0, exit, command.getKey());
            assertFalse(said.contains("WARN"), "./lab " + command.getKey() + " --help warned: " + said);
            assertFalse(help.toString(StandardCharsets.UTF_8).isBlank(), command.getKey() + " printed its help");
        }
    }
}
