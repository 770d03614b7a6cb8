package lab.threads.runner.process;

import java.util.List;
import lab.threads.common.Variant;

/**
 * Where each server the lab starts listens ({@code ./lab run --base-port}): its variant's own port ({@link
 * Variant#defaultPort()}, the default), or the base + k for the k-th started server in run order (--target servers
 * have none), or, base 0, a port the system has free when the server's turn starts. A port taken at that moment is
 * the turn's to replace (ServerRun), whichever way it was chosen.
 *
 * @param base the --base-port given; null for each variant's own port
 * @param started the servers the run starts, in run order
 */
public record ServerPorts(Integer base, List<Variant> started) {
    /** The option that sets them, named by the line that says a port was taken. */
    public static final String OPTION = "--base-port";
    /** {@link #of(Variant)}'s answer under base 0: the port is picked free when the server starts. */
    public static final int FREE = 0;

    /** The lowest base taken: below 1024 only root may listen, and a refused bind would read as a taken port. */
    static final int LOWEST = 1024;

    private static final int HIGHEST = 65535;

    public ServerPorts {
        started = List.copyOf(started);
    }

    /**
     * The ports of {@code started} from {@code given}, the option's text (null: each variant's own); one that is not a
     * whole number in range, or whose last server would be past 65535, is refused in words naming the option, and so is
     * any in a run that starts no server, where it would choose nothing.
     */
    public static ServerPorts of(String given, List<Variant> started) {
        if (given == null) {
            return new ServerPorts(null, started);
        }
        if (started.isEmpty()) {
            throw new IllegalArgumentException(OPTION + " chooses the ports of the servers the lab starts, and this run"
                    + " starts none (each is a --target or a guest, already listening at its URL): leave "
                    + OPTION + " out.");
        }
        int base;
        try {
            base = Integer.parseInt(given.strip());
        } catch (NumberFormatException notANumber) {
            base = -1;
        }
        if (base != FREE && (base < LOWEST || base > HIGHEST)) {
            throw new IllegalArgumentException(
                    OPTION + " must be 0 (a free port for each server, the system's pick) or a port from " + LOWEST
                            + " to " + HIGHEST + ", got '" + given + "'.");
        }
        if (base != FREE && base + started.size() - 1 > HIGHEST) {
            throw new IllegalArgumentException(OPTION + " " + base + " gives the run's " + started.size()
                    + " started servers the ports " + base + "-" + (base + started.size() - 1) + ", past " + HIGHEST
                    + ": give at most " + (HIGHEST + 1 - started.size()) + ", or 0 for free ports.");
        }
        return new ServerPorts(base, started);
    }

    /** The port {@code variant} is started on; {@link #FREE} when the system is to pick one as it starts. */
    public int of(Variant variant) {
        if (base == null) {
            return variant.defaultPort();
        }
        if (base == FREE) {
            return FREE;
        }
        int k = started.indexOf(variant);
        if (k < 0) {
            throw new IllegalArgumentException(variant.id() + " is not one of the servers this run starts: " + started);
        }
        return base + k;
    }
}
