package lab.threads.report.verdict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/**
 * How each side used the cores it was allowed ({@code --cpus}), from the runner's /proc series of each process: the
 * seconds it kept them at least {@value ClientVerdict#MACHINE_SATURATED_PERCENT}% busy. Cores shared: both sides' CPUs
 * are the machine's.
 *
 * @param serverCpus the server's CPU list, e.g. "1"; null when unknown
 */
public record CoreUse(
        String serverCpus, int serverCores, int serverBusy, String clientCpus, int clientCores, int clientBusy) {

    /** The cores were shared, or the files say nothing about them. */
    public static final CoreUse SHARED = new CoreUse(null, 0, 0, null, 0, 0);

    /** Each side's own CPUs and how long it kept them busy; {@link #SHARED} unless both sides were pinned apart. */
    public static CoreUse read(Path serverDir, long fromMs, long toMs) {
        Side server = Side.read(serverDir.resolve(RunFolder.SERVER_PROC_FILE), fromMs, toMs);
        Side client = Side.read(serverDir.resolve(RunFolder.CLIENT_PROC_FILE), fromMs, toMs);
        return server.cpus == null || client.cpus == null || server.cpus.equals(client.cpus)
                ? SHARED
                : new CoreUse(
                        server.cpus, server.cores, server.busySeconds, client.cpus, client.cores, client.busySeconds);
    }

    boolean pinned() {
        return serverCpus != null;
    }

    /** The verdict's finding on the cores: which side ran out of its own, in seconds. */
    String finding() {
        return String.format(
                Locale.ROOT,
                "own cores: the client kept its %s at least %d%% busy for %d s, the server its %s " + "for %d s%s",
                cpus(clientCpus, clientCores),
                (int) ClientVerdict.MACHINE_SATURATED_PERCENT,
                clientBusy,
                cpus(serverCpus, serverCores),
                serverBusy,
                clientBusy > serverBusy
                        ? ": the client ran out of its cores first"
                        : serverBusy > clientBusy ? ": the server ran out of its cores first" : "");
    }

    private static String cpus(String list, int cores) {
        return (cores == 1 ? "CPU " : "CPUs ") + list;
    }

    private record Side(String cpus, int cores, int busySeconds) {
        static Side read(Path file, long fromMs, long toMs) {
            if (!Files.isRegularFile(file)) {
                return new Side(null, 0, 0);
            }
            List<long[]> points = new ArrayList<>();
            String[] cpus = {null};
            int[] cores = {0};
            JsonLinesFile.read(
                    file,
                    "",
                    line -> {
                        if (line.hasNonNull("cpus")) {
                            cpus[0] = line.get("cpus").asText();
                            cores[0] = line.path("cores").asInt();
                        }
                        points.add(new long[] {
                            line.path("sampledAtMs").asLong(),
                            line.path("cpuUserMs").asLong()
                                    + line.path("cpuSystemMs").asLong()
                        });
                    },
                    new ArrayList<>());
            int busy = 0;
            for (int i = 1; i < points.size(); i++) {
                long[] before = points.get(i - 1);
                long[] after = points.get(i);
                long wall = after[0] - before[0];
                if (after[0] > fromMs
                        && before[0] < toMs
                        && wall > 0
                        && cores[0] > 0
                        && 100.0 * (after[1] - before[1]) / (wall * cores[0])
                                >= ClientVerdict.MACHINE_SATURATED_PERCENT) {
                    busy++;
                }
            }
            return new Side(cpus[0], cores[0], busy);
        }
    }
}
