package lab.threads.client;

import java.io.IOException;
import java.util.Optional;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;

/**
 * The client chosen for a run ({@code --client}), once, and everything the runner asks of it: whether it runs the
 * plan as asked, what the run's metadata and forecast say of it, how its fork starts, and what its exit code means.
 */
public interface ChosenClient {

    /** Its line of the registry: its name, its files and what the report may say of it. */
    LoadClient program();

    /**
     * {@code --client}'s value as the run keeps it, where the threads of its users matter ("virtual", "platform"), or
     * else its id: the key of its CPU a request in the forecast's table.
     */
    String label();

    /** Which client ran, for run.json and the load line: "JMeter users on virtual threads". */
    String describe();

    /** What runs in its fork when no worker takes the users, for run.json: "users run in the forked JMeter". */
    String runsInItsFork();

    /** Whether it holds an OS thread for each user, which the forecast counts against the machine's thread limits. */
    boolean threadPerUser();

    /**
     * Whether each of its users binds the plan's source address ({@link PlanKey#SOURCE_ADDRESS}): when not, the kernel
     * picks every connection's, and the forecast counts them all against one address's local ports.
     */
    default boolean bindsSourceAddress() {
        return true;
    }

    /**
     * Refuses what it cannot run before anything runs: the run's plan (another client's, by its name), and what the
     * run asks of it besides.
     *
     * @param workers     how many machines are to run the users besides this one ({@code --workers}), 0 for none
     * @param warmupUsers the users of an unmeasured load before the measured one ({@code --warmup-users}), 0 for none
     * @param guestBody   whether a guest's answers must hold a substring of their body ({@code --expect-body},
     *                    {@link GuestProperties#EXPECT_BODY}) to count as successes
     * @param guestHttps  whether a guest is reached over https
     * @throws IllegalArgumentException in one line saying what to use instead
     */
    void check(LoadPlan plan, int workers, int warmupUsers, boolean guestBody, boolean guestHttps);

    /**
     * Starts its fork, which watches this JVM and stops when it is gone. Its stdout is a pipe the caller must drain
     * (its {@link Progress} lines among others); its stderr goes to {@link LoadRequest.Files#log()}. To stop it early
     * and keep the samples measured so far, send SIGTERM with {@code process.toHandle().destroy()}.
     */
    Process start(LoadRequest request) throws IOException;

    /**
     * When its plan ran to the end but the fork could not write all it writes, the exit code it then ends with says
     * what was lost, in words ("its dashboard could not be written"); empty for any other exit code.
     */
    Optional<String> lostAtTheEnd(int exitCode);
}
