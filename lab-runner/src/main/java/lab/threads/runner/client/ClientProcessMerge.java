package lab.threads.runner.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import lab.threads.run.RunFolder;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The files of a load split over client processes ({@code client-<n>/}), merged into one client's {@code samples.jtl}
 * and {@code client-stats.jsonl}; the processes' own files stay, so each one's health can still be named.
 * <p>
 * {@code samples.jtl}: every sample once, in the order of their ends, with JMeter's header; {@code allThreads} becomes
 * all processes' (each one's latest summed), {@code grpThreads} and the thread names (prefixed) stay each process's.
 * {@code client-stats.jsonl}: a line a second from the first second all processes had one, each process's latest
 * summed, the longest pause the longest, the clock and machine CPU the latest's; {@code processes} says how many.
 */
public final class ClientProcessMerge {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CSVFormat READ =
            CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
    /** A line's clock and the machine's figures: the latest line's, not a sum. */
    private static final Set<String> CLOCK_AND_MACHINE =
            Set.of("sampledAtMs", "elapsedMs", "machineCpuBusyMs", "machineCpuTotalMs", "cores");

    private static final String LONGEST_PAUSE = "gcMaxPauseMs";

    private ClientProcessMerge() {}

    /** Merges the files of the client processes in {@code serverDir}; a process's missing file is none. */
    public static void merge(Path serverDir) throws IOException {
        List<Path> dirs = RunFolder.clientProcessDirs(serverDir);
        samples(
                dirs.stream().map(dir -> dir.resolve(RunFolder.SAMPLES_FILE)).toList(),
                serverDir.resolve(RunFolder.SAMPLES_FILE));
        clientStats(
                dirs.stream()
                        .map(dir -> dir.resolve(RunFolder.CLIENT_STATS_FILE))
                        .toList(),
                serverDir.resolve(RunFolder.CLIENT_STATS_FILE));
    }

    /**
     * Merges every split load under {@code runDir} that has its processes' files but not their merge (its runner killed
     * before the load's end), for {@code ./lab report}.
     */
    public static void mergeWhereMissing(Path runDir) throws IOException {
        String first = RunFolder.clientProcessDir(1);
        List<Path> split;
        try (Stream<Path> dirs = Files.walk(runDir, 4)) {
            split = dirs.filter(dir -> dir.getFileName().toString().equals(first) && Files.isDirectory(dir))
                    .map(Path::getParent)
                    .filter(serverDir -> !Files.exists(serverDir.resolve(RunFolder.SAMPLES_FILE)))
                    .toList();
        }
        for (Path serverDir : split) {
            merge(serverDir);
        }
    }

    /** One process's samples, read as they are merged. */
    private static final class Source {
        final int process;
        final Iterator<CSVRecord> records;
        final boolean hasThreads;
        CSVRecord head;
        long end;
        long allThreads;

        Source(int process, CSVParser parser) {
            this.process = process;
            this.records = parser.iterator();
            this.hasThreads = parser.getHeaderMap().containsKey("allThreads");
        }

        boolean advance() {
            if (!records.hasNext()) {
                return false;
            }
            head = records.next();
            end = Long.parseLong(head.get("timeStamp")) + Long.parseLong(head.get("elapsed"));
            return true;
        }
    }

    static void samples(List<Path> parts, Path merged) throws IOException {
        List<CSVParser> parsers = new ArrayList<>();
        try {
            List<String> header = null;
            PriorityQueue<Source> next = new PriorityQueue<>(
                    Comparator.comparingLong((Source source) -> source.end).thenComparingInt(source -> source.process));
            List<Source> sources = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                if (!Files.isRegularFile(parts.get(i)) || Files.size(parts.get(i)) == 0) {
                    continue;
                }
                CSVParser parser = CSVParser.builder()
                        .setReader(Files.newBufferedReader(parts.get(i)))
                        .setFormat(READ)
                        .get();
                parsers.add(parser);
                header = header == null ? parser.getHeaderNames() : header;
                Source source = new Source(i, parser);
                sources.add(source);
                if (source.advance()) {
                    next.add(source);
                }
            }
            if (header == null) {
                return; // no process wrote a sample: no merged file either, as a fork that wrote none leaves none
            }
            int allThreadsColumn = header.indexOf("allThreads");
            try (BufferedWriter out = Files.newBufferedWriter(merged);
                    CSVPrinter printer = CSVFormat.DEFAULT
                            .builder()
                            .setRecordSeparator("\n")
                            .get()
                            .print(out)) {
                printer.printRecord(header);
                while (!next.isEmpty()) {
                    Source source = next.poll();
                    List<String> values = new ArrayList<>(source.head.toList());
                    if (allThreadsColumn >= 0 && source.hasThreads) {
                        source.allThreads = Long.parseLong(values.get(allThreadsColumn));
                        long all = sources.stream().mapToLong(s -> s.allThreads).sum();
                        values.set(allThreadsColumn, Long.toString(all));
                    }
                    printer.printRecord(values);
                    if (source.advance()) {
                        next.add(source);
                    }
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            for (CSVParser parser : parsers) {
                parser.close();
            }
        }
    }

    static void clientStats(List<Path> parts, Path merged) throws IOException {
        List<List<ObjectNode>> lines = new ArrayList<>();
        for (Path part : parts) {
            lines.add(readLines(part));
        }
        if (lines.stream().allMatch(List::isEmpty)) {
            return;
        }
        TreeSet<Long> seconds = new TreeSet<>();
        lines.forEach(process -> process.forEach(line -> seconds.add(second(line))));
        // From the first second every process that wrote has a line: before it, a sum would miss a process.
        long from = lines.stream()
                .filter(process -> !process.isEmpty())
                .mapToLong(process -> second(process.getFirst()))
                .max()
                .orElseThrow();
        try (BufferedWriter out = Files.newBufferedWriter(merged)) {
            for (long second : seconds.tailSet(from, true)) {
                List<ObjectNode> latest = new ArrayList<>();
                for (List<ObjectNode> process : lines) {
                    ObjectNode last = null;
                    for (ObjectNode line : process) {
                        if (second(line) > second) {
                            break;
                        }
                        last = line;
                    }
                    if (last != null) {
                        latest.add(last);
                    }
                }
                out.write(JSON.writeValueAsString(sum(latest, lines.size())));
                out.newLine();
            }
        }
    }

    /** The lines of the processes at one second as one line. */
    static ObjectNode sum(List<ObjectNode> latest, int processes) {
        ObjectNode newest = latest.stream()
                .max(Comparator.comparingLong(line -> line.path("sampledAtMs").asLong()))
                .orElseThrow();
        ObjectNode merged = JSON.createObjectNode();
        for (ObjectNode line : latest) {
            for (Map.Entry<String, JsonNode> field : line.properties()) {
                String name = field.getKey();
                JsonNode value = field.getValue();
                JsonNode sofar = merged.get(name);
                if (CLOCK_AND_MACHINE.contains(name)) {
                    continue;
                } else if (value.isIntegralNumber()) {
                    long before = sofar != null && sofar.isIntegralNumber() ? sofar.asLong() : 0;
                    merged.put(
                            name,
                            name.equals(LONGEST_PAUSE) ? Math.max(before, value.asLong()) : before + value.asLong());
                } else if (value.isBoolean()) {
                    merged.put(name, (sofar != null && sofar.asBoolean()) || value.asBoolean());
                } else if (sofar == null) {
                    merged.set(name, value);
                }
            }
        }
        for (String name : CLOCK_AND_MACHINE) {
            if (newest.has(name)) {
                merged.set(name, newest.get(name));
            }
        }
        merged.put("processes", processes);
        return merged;
    }

    private static long second(JsonNode line) {
        return Math.floorDiv(line.path("sampledAtMs").asLong(), 1000);
    }

    /** A missing file, or a line cut short by a process that was killed, is left out. */
    private static List<ObjectNode> readLines(Path jsonl) throws IOException {
        List<ObjectNode> lines = new ArrayList<>();
        if (!Files.isRegularFile(jsonl)) {
            return lines;
        }
        try (BufferedReader in = Files.newBufferedReader(jsonl)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                try {
                    if (JSON.readTree(text) instanceof ObjectNode line
                            && line.path("sampledAtMs").isNumber()) {
                        lines.add(line);
                    }
                } catch (IOException cut) {
                    // the line a killed process did not finish
                }
            }
        }
        return lines;
    }
}
