package lab.threads.runner.guest;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.threads.process.ParentWatch;

/**
 * The JVM that runs a guest's command ({@code --target-command}) in a session of its own ({@code setsid}) and, when it
 * stops or the runner is gone ({@link ParentWatch}), stops the guest's whole process group: SIGTERM, then SIGKILL after
 * {@link #GRACE}.
 * <p>
 * Arguments: the log file, then the command for {@code bash -c}. Stdout: {@code guest pid=N} once it runs, {@code guest
 * exit=N} when it ends on its own; this JVM then exits with its code.
 */
public final class GuestKeeper {
    /** How long the guest may take to stop after SIGTERM before its group is killed. */
    static final Duration GRACE = Duration.ofSeconds(10);
    /** What this JVM prints before the guest's pid. */
    static final String PID_LINE = "guest pid=";

    private GuestKeeper() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        ParentWatch.start("guest keeper", System.err);
        Process guest = new ProcessBuilder(List.of("setsid", "bash", "-c", args[1]))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(args[0])))
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopGroup(guest), "guest-stop"));
        System.out.println(PID_LINE + guest.pid());
        System.out.flush();
        int exit = guest.waitFor();
        System.out.println("guest exit=" + exit);
        System.out.flush();
        System.exit(exit);
    }

    /** The guest's process group, which {@code setsid} made with the guest's pid as its id. */
    private static void stopGroup(Process guest) {
        try {
            signalGroup("TERM", guest.pid());
            if (!guest.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                System.err.println("guest keeper: the guest did not stop within " + GRACE.toSeconds()
                        + " s of SIGTERM: killed (SIGKILL)");
            }
            // Its children too, which may outlive it: kill whatever of the group is left.
            signalGroup("KILL", guest.pid());
        } catch (IOException | InterruptedException e) {
            guest.destroyForcibly();
        }
    }

    private static void signalGroup(String signal, long group) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, "--", "-" + group)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start()
                .waitFor(5, TimeUnit.SECONDS);
    }
}
