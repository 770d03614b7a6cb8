package lab.threads.runner.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import lab.threads.client.ClientShare;
import lab.threads.model.client.LoadClient;
import lab.threads.run.RunFolder;

/**
 * How many local processes send one load ({@code --client-processes}), and why, in one sentence for the console and
 * run.json. A process holds at most its open-files limit of connections: when the plan's connections at the worst and
 * the client's own descriptors do not fit one, {@code auto} forks as many as they need, each with a share ({@link
 * ClientShare}), so a connect never fails on the client's own descriptors.
 *
 * @param processes at least 1
 */
public record ClientSplit(int processes, String why) {

    /** {@code --client-processes}'s default: as many as the plan's connections need. */
    public static final String AUTO = "auto";

    /** A load its client's workers run: one fork, the controller. */
    public static final ClientSplit ON_WORKERS = new ClientSplit(1, "one process, the controller of the workers");

    /**
     * {@code --client-processes}'s value checked: 0 for {@value #AUTO}, else a whole number from 1.
     *
     * @throws IllegalArgumentException in one line naming the values it takes
     */
    public static int parse(String asked) {
        String value = asked.strip().toLowerCase(Locale.ROOT);
        if (value.equals(AUTO)) {
            return 0;
        }
        try {
            int processes = Integer.parseInt(value);
            if (processes >= 1) {
                return processes;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(
                "--client-processes takes auto (as many as the plan's connections need) or a whole number from 1, "
                        + "got '" + asked + "'.");
    }

    /**
     * @param asked       {@link #parse}'s value: 0 for auto
     * @param worst       the plan's connections at the worst, all processes together
     * @param shares      the most processes the load can be split over: each needs at least one user (an open plan:
     *                    one arrival a second)
     * @param client      whose fork, for the descriptors it holds besides its connections
     * @param openFiles   a process's open-files limit here; null when unknown or unlimited
     */
    public static ClientSplit of(int asked, long worst, int shares, LoadClient client, Long openFiles) {
        if (asked > 0) {
            int processes = Math.min(asked, Math.max(1, shares));
            return new ClientSplit(
                    processes,
                    processes == asked
                            ? processes + (processes == 1 ? " process" : " processes")
                                    + " as asked (--client-processes)"
                            : processes + " processes: --client-processes asked " + asked + ", and the load has "
                                    + shares + " to share");
        }
        if (openFiles == null) {
            return new ClientSplit(1, "one process: this machine gives a process no open-files limit");
        }
        long perProcess = openFiles - client.ownDescriptors();
        String need = String.format(
                Locale.ROOT,
                "%,d connections at the worst and %,d descriptors of %s own against %,d open files a process may hold",
                worst,
                client.ownDescriptors(),
                client.possessive(),
                openFiles);
        if (perProcess <= 0 || worst <= perProcess) {
            return new ClientSplit(1, "one process: " + need);
        }
        int processes = (int) Math.min(Math.max(1, shares), (worst + perProcess - 1) / perProcess);
        return new ClientSplit(processes, processes + " processes: " + need);
    }

    /** Says in the server's folder how many processes sent its load and why ({@link RunFolder#CLIENT_SPLIT_FILE}). */
    public void writeTo(Path serverDir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        String said = json.writeValueAsString(
                json.createObjectNode().put("processes", processes).put("why", why));
        Files.writeString(serverDir.resolve(RunFolder.CLIENT_SPLIT_FILE), said + "\n");
    }

    /** Each process's share, from 1. */
    public ClientShare share(int index) {
        return new ClientShare(index, processes);
    }

    public boolean split() {
        return processes > 1;
    }
}
