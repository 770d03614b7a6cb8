package lab.threads.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Streams the runner's {@code server-stats.jsonl} (one /stats snapshot a second) snapshot by snapshot, so the peaks
 * and the charts read it the same way. Never throws: a missing, empty or cut file gives what could be read, and a
 * note says what was not.
 */
final class ServerStatsFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ServerStatsFile() {
    }

    static void read(Path jsonl, Consumer<JsonNode> sink, List<String> notes) {
        String name = jsonl.getFileName().toString();
        int snapshots = 0;
        int unreadable = 0;
        try (BufferedReader reader = Files.newBufferedReader(jsonl)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    sink.accept(JSON.readTree(line));
                    snapshots++;
                } catch (JsonProcessingException e) {
                    unreadable++;
                }
            }
        } catch (NoSuchFileException e) {
            notes.add(name + " is missing: no server-side figures");
            return;
        } catch (IOException e) {
            notes.add(name + " could not be read to its end (" + e + "): summarised up to there");
            return;
        }
        if (unreadable > 0) {
            notes.add(name + ": " + unreadable + " unreadable line(s) skipped (a cut last line if the server was killed)");
        } else if (snapshots == 0) {
            notes.add(name + " is empty: the server may have died at start");
        }
    }
}
