package lab.threads.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.run.LedgerSecond;
import lab.threads.run.RunFolder;

/** Ledger lines of a 2-core machine, one a second, each part given in cores (1.1 = 1,100 ms of the second). */
public final class LedgerFixture {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LedgerFixture() {}

    /** The parts of one second, in cores; the busy time is their sum, so nothing is unattributed. */
    public record Cores(double server, double client, double lab, double kernel, double steal, double other) {
        public static Cores of(double server, double client) {
            return new Cores(server, client, 0, 0, 0, 0);
        }

        public Cores withLab(double cores) {
            return new Cores(server, client, cores, kernel, steal, other);
        }

        public Cores withSteal(double cores) {
            return new Cores(server, client, lab, kernel, cores, other);
        }

        public Cores withOther(double cores) {
            return new Cores(server, client, lab, kernel, steal, cores);
        }
    }

    /** One second ending at {@code sampledAtMs}, the other programs' time all one "gradle". */
    public static LedgerSecond second(long sampledAtMs, Cores cores) {
        long server = ms(cores.server());
        long client = ms(cores.client());
        long lab = ms(cores.lab());
        long kernel = ms(cores.kernel());
        long steal = ms(cores.steal());
        long other = ms(cores.other());
        long busy = server + client + lab + kernel + steal + other;
        return new LedgerSecond(
                sampledAtMs,
                1_000,
                2,
                busy,
                2_000 - busy,
                server,
                client,
                lab,
                0,
                kernel,
                steal,
                other,
                40,
                true,
                other > 0 ? List.of(new LedgerSecond.Other("gradle", 4242, other)) : List.of());
    }

    /** {@code seconds} alike seconds, the first ending a second after {@code fromMs}. */
    public static List<LedgerSecond> seconds(long fromMs, int seconds, Cores cores) {
        return IntStream.rangeClosed(1, seconds)
                .mapToObj(i -> second(fromMs + i * 1_000L, cores))
                .toList();
    }

    /** The lines as the runner writes them, into the server's folder. */
    public static void write(Path serverDir, List<LedgerSecond> lines) {
        try {
            Files.createDirectories(serverDir);
            Files.writeString(
                    serverDir.resolve(RunFolder.LEDGER_FILE),
                    lines.stream().map(LedgerFixture::json).collect(Collectors.joining("\n", "", "\n")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String json(LedgerSecond line) {
        try {
            return JSON.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long ms(double cores) {
        return Math.round(cores * 1_000);
    }
}
