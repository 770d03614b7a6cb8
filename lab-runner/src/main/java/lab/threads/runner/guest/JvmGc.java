package lab.threads.runner.guest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import lab.threads.runner.outside.CommandOutput;

/**
 * A guest JVM's collections so far, as {@code jstat -gc} reads its performance counters ({@code hsperfdata}): nothing
 * attaches to the guest. A process that is no JVM, or runs with {@code -XX:-UsePerfData}, has none.
 *
 * @param young young collections ({@code YGC})
 * @param full full collections ({@code FGC})
 * @param gcSeconds the time the JVM counts for its collections ({@code GCT}), G1's concurrent cycles included: not all
 *     pause
 */
public record JvmGc(long young, long full, double gcSeconds) {

    /** How the figures were read, for the report. */
    public static final String SOURCE = "jstat -gc (the JVM's own counters, read from outside)";

    private static final Duration JSTAT_TIMEOUT = Duration.ofSeconds(10);

    /** The collections between {@code before} and this reading. */
    public JvmGc since(JvmGc before) {
        return new JvmGc(young - before.young, full - before.full, gcSeconds - before.gcSeconds);
    }

    /** The guest's counters now, from the first JVM of its process and those below it; empty when none is a JVM. */
    public static Optional<JvmGc> read(long pid) {
        return ProcessHandle.of(pid).stream()
                .flatMap(root -> Stream.concat(Stream.of(root), root.descendants()))
                .map(process -> jstat(process.pid()))
                .flatMap(Optional::stream)
                .findFirst();
    }

    private static Optional<JvmGc> jstat(long pid) {
        String jstat = Path.of(System.getProperty("java.home"), "bin", "jstat").toString();
        return CommandOutput.of(JSTAT_TIMEOUT, true, jstat, "-gc", Long.toString(pid))
                .flatMap(JvmGc::parse);
    }

    /** From {@code jstat -gc}'s two lines: the column names, then the values. */
    static Optional<JvmGc> parse(String output) {
        List<String> lines = output.strip().lines().toList();
        if (lines.size() < 2) {
            return Optional.empty();
        }
        List<String> names = List.of(lines.get(0).strip().split("\\s+"));
        List<String> values = List.of(lines.get(1).strip().split("\\s+"));
        if (names.size() != values.size()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new JvmGc(
                    Long.parseLong(values.get(names.indexOf("YGC"))),
                    Long.parseLong(values.get(names.indexOf("FGC"))),
                    Double.parseDouble(values.get(names.indexOf("GCT")))));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }
}
