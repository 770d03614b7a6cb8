package lab.threads.runner.jmeter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** A forked run's .jtl read as JMeter wrote it: its header names the columns. */
final class JtlRecords {

    private JtlRecords() {}

    static List<CSVRecord> read(Path jtl) throws IOException {
        try (CSVParser parser = CSVParser.parse(
                jtl,
                StandardCharsets.UTF_8,
                CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .get())) {
            return parser.getRecords();
        }
    }
}
