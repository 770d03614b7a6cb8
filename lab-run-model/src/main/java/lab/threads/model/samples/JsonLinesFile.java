package lab.threads.model.samples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** Streams a {@code .jsonl} record line by line; a missing, empty or cut file gives what it can, and a note. */
public final class JsonLinesFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonLinesFile() {}

    /**
     * @param whatIsLost what the report lacks without the file, for the notes
     * @param sink       gets each line; it throws {@link IllegalArgumentException} for a line it cannot use
     */
    public static void read(Path jsonl, String whatIsLost, Consumer<JsonNode> sink, List<String> notes) {
        String name = jsonl.getFileName().toString();
        int lines = 0;
        int unreadable = 0;
        try (BufferedReader reader = Files.newBufferedReader(jsonl)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    sink.accept(JSON.readTree(line));
                    lines++;
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    unreadable++;
                }
            }
        } catch (NoSuchFileException e) {
            notes.add(name + " is missing: " + whatIsLost);
            return;
        } catch (IOException e) {
            notes.add(name + " could not be read to its end (" + e + "): used up to there");
            return;
        }
        if (unreadable > 0) {
            notes.add(name + ": " + unreadable
                    + " unreadable line(s) skipped (a cut last line if the process was killed)");
        } else if (lines == 0) {
            notes.add(name + " is empty: " + whatIsLost);
        }
    }
}
