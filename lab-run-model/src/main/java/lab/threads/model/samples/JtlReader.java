package lab.threads.model.samples;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import lab.threads.model.plan.PlanKey;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** Streams a JMeter CSV results file; missing, empty or cut (a run killed mid-way) adds a note, cut is partial. */
public final class JtlReader {

    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "responseCode", "success");

    private JtlReader() {}

    /** @return true when the file is partial: it does not end with a complete line, or could not be read to its end */
    public static boolean read(Path jtl, Consumer<Sample> sink, List<String> notes) {
        String name = jtl.getFileName().toString();
        boolean cut;
        try {
            if (Files.size(jtl) == 0) {
                notes.add(name + " is empty: no client-side results");
                return false;
            }
            cut = !endsWithNewline(jtl);
        } catch (NoSuchFileException e) {
            notes.add(name + " is missing: no client-side results");
            return false;
        } catch (IOException e) {
            notes.add(name + " could not be read: " + e);
            return true;
        }
        long rejected = 0;
        try (Reader reader = Files.newBufferedReader(jtl);
                CSVParser parser =
                        CSVParser.builder().setReader(reader).setFormat(FORMAT).get()) {
            List<String> missing = REQUIRED.stream()
                    .filter(column -> !parser.getHeaderMap().containsKey(column))
                    .toList();
            if (!missing.isEmpty()) {
                notes.add(name + " has no column(s) " + missing + ": not a JMeter CSV with a header line?");
                return cut;
            }
            for (CSVRecord record : parser) {
                // A line cut short has fewer fields than the header, or a number cut in half: drop it, never guess.
                if (record.isConsistent() && parse(record) instanceof Sample sample) {
                    sink.accept(sample);
                } else {
                    rejected++;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // commons-csv fails this way when the file ends inside a quoted field.
            notes.add(name + " could not be read to its end (" + e.getMessage() + "): summarised up to there");
            return true;
        }
        if (rejected > 0) {
            notes.add(name + ": " + rejected + " incomplete or unreadable line(s) skipped");
        }
        if (cut) {
            notes.add(name + " ends inside a line (run killed mid-way?): summarised what is there");
        }
        return cut;
    }

    /** @return the sample, or null when a value is not a number */
    private static Sample parse(CSVRecord record) {
        try {
            return new Sample(
                    Long.parseLong(record.get("timeStamp")),
                    Long.parseLong(record.get("elapsed")),
                    record.get("responseCode"),
                    record.isMapped("responseMessage") ? record.get("responseMessage") : "",
                    Boolean.parseBoolean(record.get("success")),
                    optionalLong(record, "bytes"),
                    optionalLong(record, "sentBytes"),
                    (int) optionalLong(record, "allThreads"),
                    optionalLong(record, "Connect"),
                    record.isSet("URL") ? Sample.requestIdOf(record.get("URL")) : null,
                    serverCause(record));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The plan's {@link PlanKey#ERROR_CAUSE} column; JMeter writes an unset variable as "null". */
    private static String serverCause(CSVRecord record) {
        if (!record.isSet(PlanKey.ERROR_CAUSE.property())) {
            return null;
        }
        String cause = record.get(PlanKey.ERROR_CAUSE.property()).strip();
        return cause.isEmpty() || cause.equals("null") ? null : cause;
    }

    /** JMeter can be told not to save these columns; the Summary Report then counts them as 0 too. */
    private static long optionalLong(CSVRecord record, String column) {
        return record.isSet(column) && !record.get(column).isEmpty() ? Long.parseLong(record.get(column)) : 0;
    }

    /** JMeter ends every line it writes, so a missing final newline means the last line was cut. */
    private static boolean endsWithNewline(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long size = channel.size();
            ByteBuffer last = ByteBuffer.allocate(1);
            channel.position(size - 1).read(last);
            return last.get(0) == '\n';
        }
    }
}
