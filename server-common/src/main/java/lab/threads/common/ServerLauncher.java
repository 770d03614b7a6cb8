package lab.threads.common;

import java.io.PrintStream;
import java.net.BindException;
import java.util.Map;
import java.util.OptionalLong;
import lab.threads.process.ParentWatch;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** The {@code main} of every server: settings in, effective settings and one ready line out, graceful stop. */
public final class ServerLauncher {
    public static final String READY = "ready on";
    /** Printed by the shutdown hook: the JVM handled SIGTERM. The runner looks for it to tell a slow drain from no reaction. */
    public static final String STOPPING = "stopping: SIGTERM received";
    /** What a server says when its port is taken, so the runner can retry on another. */
    public static final String PORT_IN_USE = "it is already in use";

    private ServerLauncher() {}

    public static void launch(Variant variant, LabServer.Factory factory, String[] args) {
        PrintStream out = System.out;
        ServerSettings settings = new ServerSettings();
        CommandLine cli = ServerSettings.commandLine(variant, settings);
        try {
            cli.parseArgs(args);
            if (cli.isUsageHelpRequested()) {
                cli.usage(out);
                return;
            }
            settings.validate();
        } catch (ParameterException e) {
            System.err.println(variant.id() + ": " + e.getMessage());
            System.err.println("Run with --help for every setting.");
            System.exit(2);
        }
        out.println(variant.id() + " (" + variant.framework() + ", " + variant.threadingModel() + ") on JDK "
                + Runtime.version());
        SleepContract contract;
        LabServer server;
        try {
            contract = new SleepContract(variant, settings);
            server = factory.start(contract);
        } catch (RuntimeException e) {
            System.err.println(variant.id() + ": "
                    + (isBindFailure(e)
                            ? "cannot listen on " + settings.host() + ":" + settings.port() + ", " + PORT_IN_USE
                                    + " (or not an address of this machine). "
                                    + "Stop what holds it, or choose another port with --port / LAB_PORT."
                            : "failed to start: "
                                    + (e instanceof java.io.UncheckedIOException io ? io.getMessage() : e)));
            System.exit(1);
            return;
        }
        for (Map.Entry<String, Object> setting : contract.describeSettings().entrySet()) {
            out.printf("  %-17s %s%n", setting.getKey(), setting.getValue());
        }
        Long graceMs =
                contract.loadSettings() == null ? null : contract.loadSettings().shutdownGraceMs();
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            out.println(variant.id() + " " + STOPPING
                                    + (graceMs == null
                                            ? ", in-flight requests get no grace (the framework's default)"
                                            : ", in-flight requests get up to " + graceMs + " ms"));
                            contract.stopping();
                            server.stop();
                            contract.close();
                            out.println(variant.id() + " stopped");
                        },
                        "graceful-stop"));
        try {
            OptionalLong parent = ParentWatch.start(variant.id(), out);
            out.printf(
                    "  %-17s %s%n",
                    "stops with",
                    parent.isPresent()
                            ? "pid " + parent.getAsLong() + ", the process that started it (" + ParentWatch.OPTION_WORDS
                                    + ")"
                            : "nothing: it runs until stopped");
        } catch (IllegalArgumentException e) {
            System.err.println(variant.id() + ": " + e.getMessage());
            System.exit(2);
        }
        out.println(variant.id() + " " + READY + " http://" + settings.host() + ":" + server.port() + "/sleep");
    }

    private static boolean isBindFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof BindException
                    || String.valueOf(cause.getMessage()).contains("Address already in use")) {
                return true;
            }
        }
        return false;
    }
}
