package lab.threads.runner.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;

/**
 * Reads the server's memory by part ({@code /stats/memory?gc=true}) at the idle baseline and at each plateau ({@link
 * PlateauWatch}) of a hold plan (jmeter-plans/hold.jmx), a JSON line each into {@link RunFolder#MEMORY_FILE}: the
 * report's bytes per held request are their slope. The forced collection would disturb any other plan's latencies, so
 * only hold plans are read so.
 */
public final class MemoryPlateaus implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration POLL = Duration.ofMillis(500);

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final URI base;
    private final BufferedWriter out;
    private final PlateauWatch watch;
    private final Thread reader;

    private MemoryPlateaus(URI base, Path file, List<Integer> heldByStep) throws IOException {
        this.base = base;
        this.out = Files.newBufferedWriter(file);
        this.watch = new PlateauWatch(heldByStep);
        read(0, 0);
        this.reader = Thread.ofVirtual().name("memory-plateaus").start(this::readPlateaus);
    }

    /** Started, its baseline read, when the plan holds its requests ({@link #heldByStep}); else none. */
    public static Optional<MemoryPlateaus> startIfHolding(PlanShape shape, URI base, Path file) throws IOException {
        List<Integer> held = heldByStep(shape);
        return held.isEmpty() ? Optional.empty() : Optional.of(new MemoryPlateaus(base, file, held));
    }

    /** The requests held at each step's plateau of a staged plan outlasting its schedule; empty for any other plan. */
    public static List<Integer> heldByStep(PlanShape shape) {
        if (!(shape instanceof PlanShape.Staged staged) || shape.sleepMs() < staged.endSecond() * 1000) {
            return List.of();
        }
        List<Integer> held = new ArrayList<>();
        for (PlanShape.Stage stage : staged.stages()) {
            if (held.isEmpty() || stage.users() > held.getLast()) {
                held.add(stage.users());
            }
        }
        return List.copyOf(held);
    }

    private void readPlateaus() {
        try {
            while (!watch.done()) {
                Thread.sleep(POLL);
                inFlight()
                        .ifPresent(inFlight -> watch.observe(inFlight, System.nanoTime())
                                .ifPresent(step -> read(step, watch.expected(step))));
            }
        } catch (InterruptedException stopped) {
            // the load is over
        }
    }

    private Optional<Integer> inFlight() {
        return get("/stats/memory", Duration.ofSeconds(5))
                .map(memory -> memory.path("inFlight").asInt());
    }

    /** One line: the step (0 the baseline), the requests it was to hold, when it was read, and the server's answer. */
    private void read(int step, int heldExpected) {
        get("/stats/memory?gc=true", Duration.ofSeconds(60)).ifPresent(memory -> {
            ObjectNode line = JSON.createObjectNode();
            line.put("step", step);
            line.put("heldExpected", heldExpected);
            line.put("readAtMs", System.currentTimeMillis());
            line.setAll((ObjectNode) memory);
            try {
                synchronized (out) {
                    out.write(JSON.writeValueAsString(line));
                    out.newLine();
                    out.flush();
                }
            } catch (IOException notWritten) {
                // The report counts the plateaus it finds.
            }
        });
    }

    private Optional<JsonNode> get(String path, Duration timeout) {
        try {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(JSON.readTree(response.body())) : Optional.empty();
        } catch (IOException noAnswer) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    @Override
    public void close() throws IOException {
        reader.interrupt();
        try {
            reader.join(Duration.ofSeconds(65));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (out) {
            out.close();
        }
    }
}
