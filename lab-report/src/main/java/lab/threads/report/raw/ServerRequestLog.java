package lab.threads.report.raw;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** The server's own record of each {@code /sleep} request by id; never throws, a damaged file gives a note. */
public final class ServerRequestLog {
    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

    /**
     * The server's timestamps of one request, epoch microseconds.
     *
     * @param startedUs      0 when no thread ever started it (the server answered 503 without one)
     * @param waitingSinceUs when it began to wait to be read: its connection's accept (a first request) or the previous
     *                       response's end on it; 0 when not measured
     */
    public record Entry(
            boolean firstOnConnection,
            long receivedUs,
            long startedUs,
            long respondedUs,
            long waitingSinceUs,
            Borrow borrow) {

        /** A first request whose accept was stamped: the kernel's queue and the read are measured apart. */
        public boolean acceptStamped() {
            return firstOnConnection && waitingSinceUs != 0;
        }
    }

    /** A pooled request's instants, epoch us, 0 where not stamped: asking, having a connection, the call returned. */
    public record Borrow(long borrowingUs, long borrowedUs, long calledUs) {
        public static final Borrow NONE = new Borrow(0, 0, 0);

        public boolean stamped() {
            return borrowingUs != 0;
        }
    }

    /** The pool's columns, which a log written before the pool's stamps lacks. */
    static final String BORROWING = "borrowingEpochUs";

    static final String BORROWED = "borrowedEpochUs";
    static final String CALLED = "calledEpochUs";

    /** The column a log written before the accept stamp lacks. */
    static final String WAITING_SINCE = "waitingSinceEpochUs";

    /** Entries by request id; more than one where ids repeat (a warm-up's, each JMeter worker's count from 1). */
    private final Map<String, List<Entry>> byId;

    private ServerRequestLog(Map<String, List<Entry>> byId) {
        this.byId = byId;
    }

    static final ServerRequestLog NONE = new ServerRequestLog(Map.of());

    public static ServerRequestLog read(Path file, List<String> notes) {
        Map<String, List<Entry>> byId = new HashMap<>();
        long rejected = 0;
        try (Reader reader = Files.newBufferedReader(file);
                CSVParser parser =
                        CSVParser.builder().setReader(reader).setFormat(FORMAT).get()) {
            for (CSVRecord record : parser) {
                Entry entry = parse(record);
                if (entry == null || record.get("rid").isEmpty()) {
                    rejected++;
                } else {
                    byId.computeIfAbsent(record.get("rid"), id -> new ArrayList<>(1))
                            .add(entry);
                }
            }
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            notes.add(
                    file.getFileName() + " could not be read to its end (" + e.getMessage() + "): joined up to there");
        }
        if (rejected > 0) {
            notes.add(file.getFileName() + ": " + rejected
                    + " line(s) without a request id or with a bad number skipped");
        }
        return new ServerRequestLog(byId);
    }

    private static Entry parse(CSVRecord record) {
        if (!record.isConsistent()) {
            return null;
        }
        try {
            String started = record.get("startedEpochUs");
            return new Entry(
                    "1".equals(record.get("firstOnConnection")),
                    Long.parseLong(record.get("receivedEpochUs")),
                    started.isEmpty() ? 0 : Long.parseLong(started),
                    Long.parseLong(record.get("respondedEpochUs")),
                    optionalMicros(record, WAITING_SINCE),
                    new Borrow(
                            optionalMicros(record, BORROWING),
                            optionalMicros(record, BORROWED),
                            optionalMicros(record, CALLED)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A column that may be absent (an older log) or empty (not stamped): 0 then. */
    private static long optionalMicros(CSVRecord record, String column) {
        String value = record.isMapped(column) ? record.get(column) : "";
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }

    public boolean isEmpty() {
        return byId.isEmpty();
    }

    /**
     * The one entry of {@code requestId} the server had within the sample's times; a {@link Lookup} without one when
     * none or several were.
     *
     * @param endSlackMs how much later than {@code endMs} the server may have had it ({@link LoadClient#joinSlackMs})
     */
    public Lookup find(String requestId, long startMs, long endMs, int endSlackMs) {
        List<Entry> entries = requestId == null ? null : byId.get(requestId);
        if (entries == null) {
            return Lookup.MISSING;
        }
        // The client's start is cut to the ms (a ms of slack before it), its end up to endSlackMs early.
        long from = (startMs - 1) * 1000;
        long to = (endMs + endSlackMs) * 1000;
        List<Entry> inside = entries.stream()
                .filter(e -> e.receivedUs() >= from && e.receivedUs() <= to)
                .limit(2)
                .toList();
        return inside.size() == 1
                ? new Lookup(inside.getFirst(), false, false)
                : inside.isEmpty() ? Lookup.OUTSIDE : Lookup.AMBIGUOUS;
    }

    /** A lookup's entry, or why none: several of its id at the time, or its id only at other times. */
    public record Lookup(Entry entry, boolean ambiguous, boolean outside) {
        static final Lookup MISSING = new Lookup(null, false, false);
        static final Lookup AMBIGUOUS = new Lookup(null, true, false);
        static final Lookup OUTSIDE = new Lookup(null, false, true);
    }
}
