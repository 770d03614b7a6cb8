package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.model.samples.JsonLinesFile;
import lab.threads.run.RunFolder;

/**
 * The CPU each side spent over the load, from the runner's /proc series, and the seconds all cores were busy. Without
 * think time the req/s is set by whichever side's CPU runs out: on shared cores, the side that spends more.
 *
 * @param serverCpuMs     0 when the runner did not start the server
 * @param busyClientCpuMs the client's CPU in the seconds all cores were busy (the server's likewise)
 * @param machineCores    the machine's cores as the client's series names them; 0 when it does not
 */
public record CpuSplit(
        long clientCpuMs,
        long serverCpuMs,
        int saturatedSeconds,
        int seconds,
        @JsonIgnore long busyClientCpuMs,
        @JsonIgnore long busyServerCpuMs,
        @JsonIgnore int machineCores) {

    public static final CpuSplit UNKNOWN = new CpuSplit(0, 0, 0, 0, 0, 0, 0);

    /** Over the whole load only, as a run's summary keeps it. */
    public CpuSplit(long clientCpuMs, long serverCpuMs, int saturatedSeconds, int seconds) {
        this(clientCpuMs, serverCpuMs, saturatedSeconds, seconds, 0, 0, 0);
    }

    /** Over {@code fromMs}-{@code toMs} (the first sample's start to the last one's end). */
    public static CpuSplit read(Path serverDir, long fromMs, long toMs) {
        Series client = Series.read(serverDir.resolve(RunFolder.CLIENT_PROC_FILE), fromMs, toMs);
        Series server = Series.read(serverDir.resolve(RunFolder.SERVER_PROC_FILE), fromMs, toMs);
        return new CpuSplit(
                client.cpuMs,
                server.cpuMs,
                client.saturated,
                client.seconds,
                client.busyCpuMs,
                server.busyCpuMs,
                client.cores);
    }

    /** The client's CPU per request, ms; NaN when unknown. */
    public double clientMsPerRequest(long requests) {
        return clientCpuMs > 0 && requests > 0 ? (double) clientCpuMs / requests : Double.NaN;
    }

    /** The server's CPU per request, ms; NaN when unknown (a --target server). */
    public double serverMsPerRequest(long requests) {
        return serverCpuMs > 0 && requests > 0 ? (double) serverCpuMs / requests : Double.NaN;
    }

    boolean known() {
        return clientCpuMs > 0 && serverCpuMs > 0 && seconds > 0;
    }

    /** All cores busy for at least half the load: the two sides competed for them. */
    boolean machineSaturated() {
        return saturatedSeconds * 2 >= seconds;
    }

    /** "the server took 1.6 of 2 cores, the client 0.4", in the busy seconds when known, else over the load. */
    String coresWords(int machineCores) {
        boolean busy = saturatedSeconds > 0 && busyClientCpuMs > 0 && busyServerCpuMs > 0;
        return String.format(
                Locale.ROOT,
                "the server took %.1f of %d cores, the client %.1f, %s",
                (busy ? busyServerCpuMs : serverCpuMs) / 1000.0 / (busy ? saturatedSeconds : seconds),
                machineCores,
                (busy ? busyClientCpuMs : clientCpuMs) / 1000.0 / (busy ? saturatedSeconds : seconds),
                busy ? "in those seconds" : "on average over the load's " + seconds + " s");
    }

    String words(long samples) {
        return String.format(
                Locale.ROOT,
                "the client spent %.1f s of CPU (%.3f ms a request) against the server's %.1f s (%.3f ms), "
                        + "all cores at least %d%% busy for %d of %d s",
                clientCpuMs / 1000.0,
                samples == 0 ? 0 : (double) clientCpuMs / samples,
                serverCpuMs / 1000.0,
                samples == 0 ? 0 : (double) serverCpuMs / samples,
                (int) ClientVerdict.MACHINE_SATURATED_PERCENT,
                saturatedSeconds,
                seconds);
    }

    /** One process's CPU over the load, and the machine's busy seconds as its lines saw them, with its CPU in them. */
    private record Series(long cpuMs, int saturated, int seconds, long busyCpuMs, int cores) {
        static Series read(Path file, long fromMs, long toMs) {
            List<JsonNode> lines = new ArrayList<>();
            JsonLinesFile.read(file, "", lines::add, new ArrayList<>());
            long cpu = 0;
            long busyCpu = 0;
            int saturated = 0;
            int seconds = 0;
            int cores = lines.stream()
                    .mapToInt(line -> line.path("cores").asInt())
                    .max()
                    .orElse(0);
            for (int i = 1; i < lines.size(); i++) {
                JsonNode before = lines.get(i - 1);
                JsonNode after = lines.get(i);
                if (after.path("sampledAtMs").asLong() <= fromMs
                        || before.path("sampledAtMs").asLong() >= toMs) {
                    continue;
                }
                long used = cpuMs(after) - cpuMs(before);
                cpu += used;
                seconds++;
                long total = after.path("machineCpuTotalMs").asLong()
                        - before.path("machineCpuTotalMs").asLong();
                long busy = after.path("machineCpuBusyMs").asLong()
                        - before.path("machineCpuBusyMs").asLong();
                if (total > 0 && 100.0 * busy / total >= ClientVerdict.MACHINE_SATURATED_PERCENT) {
                    saturated++;
                    busyCpu += used;
                }
            }
            return new Series(cpu, saturated, seconds, busyCpu, cores);
        }

        private static long cpuMs(JsonNode line) {
            return line.path("cpuUserMs").asLong() + line.path("cpuSystemMs").asLong();
        }
    }
}
