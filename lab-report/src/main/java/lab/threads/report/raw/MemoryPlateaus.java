package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.model.samples.JsonLinesFile;

/** The server's memory by part at the baseline and at each plateau of a hold plan ({@code memory.jsonl}). */
public record MemoryPlateaus(List<Plateau> plateaus) {

    /** @param parts each part the server could measure, bytes, by its name in {@code /stats/memory} */
    public record Plateau(int step, int inFlight, Map<String, Long> parts) {
        public Plateau {
            parts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parts));
        }
    }

    public MemoryPlateaus {
        plateaus = List.copyOf(plateaus);
    }

    /** @return null without the file (any plan but a hold plan) or without one reading in it */
    public static MemoryPlateaus read(Path file, List<String> notes) {
        if (!Files.exists(file)) {
            return null;
        }
        List<Plateau> plateaus = new ArrayList<>();
        JsonLinesFile.read(
                file,
                "no memory per held request",
                line -> {
                    JsonNode parts = line.path("parts");
                    if (!line.path("inFlight").isInt() || !parts.isObject()) {
                        throw new IllegalArgumentException("not a memory reading");
                    }
                    Map<String, Long> bytes = new LinkedHashMap<>();
                    parts.properties().stream()
                            .filter(part -> part.getValue().isIntegralNumber())
                            .forEach(part ->
                                    bytes.put(part.getKey(), part.getValue().asLong()));
                    plateaus.add(new Plateau(
                            line.path("step").asInt(), line.path("inFlight").asInt(), bytes));
                },
                notes);
        return plateaus.isEmpty() ? null : new MemoryPlateaus(plateaus);
    }
}
