package lab.threads.client;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;

/**
 * Which of a load's client processes a fork is, when one process cannot hold the plan's connections: process
 * {@code index} of {@code count}, each sending a disjoint share of the load. A share of a total (users, an arrival
 * rate, connections) differs from another's by at most one, and the shares add up to the total; the users of the
 * processes before this one are its {@link #offset}, so a user's number (its source address, say) is unique across
 * them. A fork of a split load also waits for the runner's {@link #GO} before it starts its schedule, so the
 * processes' schedules begin together and their sum is the plan's.
 *
 * @param index from 1
 * @param count how many processes send the load, at least 1
 */
public record ClientShare(int index, int count) {

    /** The one process of a load that is not split. */
    public static final ClientShare WHOLE = new ClientShare(1, 1);

    /** The keys a process of a split load takes its share of: the load's size. */
    private static final List<PlanKey> SHARED = List.of(PlanKey.USERS, PlanKey.RATE, PlanKey.CONNECTIONS);

    /** The line a fork of a split load prints on its stdout once it is ready to start its schedule. */
    public static final String READY = "ready";

    /** The line the runner writes to every fork's stdin once all of them are {@link #READY}. */
    public static final String GO = "go";

    public ClientShare {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("a client process is 1 to " + count + " of " + count + ", got " + index);
        }
    }

    /**
     * A fork's side of the start: says {@link #READY} on {@code out}, then waits for {@link #GO} on {@code in}.
     *
     * @return false when {@code in} ended first: the runner is gone, and the fork should not start
     */
    public static boolean awaitGo(InputStream in, PrintStream out) {
        out.println(READY);
        out.flush();
        try {
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))
                    .lines()
                    .anyMatch(line -> line.strip().equals(GO));
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    /** Whether the load is sent by more than one process. */
    public boolean split() {
        return count > 1;
    }

    /** This process's share of {@code total}: the first {@code total % count} processes take one more. */
    public int of(int total) {
        return total / count + (index <= total % count ? 1 : 0);
    }

    /**
     * What this process of a split load sends: its share of the users, the rate and the connections, and the number
     * of the users before it; the same plan for a load of one process. Split here, once, for every client alike.
     */
    public LoadPlan of(LoadPlan whole) {
        if (!split()) {
            return whole;
        }
        LoadPlan share = whole;
        for (PlanKey key : SHARED) {
            if (whole.has(key)) {
                share = share.with(key, of(Math.toIntExact(whole.get(key, 0))));
            }
        }
        return share.afterUsers(whole.has(PlanKey.USERS) ? offset(Math.toIntExact(whole.get(PlanKey.USERS, 0))) : 0);
    }

    /** The shares of {@code total} of the processes before this one. */
    public int offset(int total) {
        int earlier = index - 1;
        return earlier * (total / count) + Math.min(earlier, total % count);
    }

    /** What tells this process's request ids and users from the others': empty for a load that is not split. */
    public String prefix() {
        return split() ? "p" + index + "-" : "";
    }

    /** "process 2 of 3". */
    public String words() {
        return "process " + index + " of " + count;
    }
}
