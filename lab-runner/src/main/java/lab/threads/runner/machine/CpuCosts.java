package lab.threads.runner.machine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import lab.threads.client.ChosenClient;
import lab.threads.report.ServerFigures;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;

/**
 * CPU milliseconds per request of the client (by {@link ChosenClient#label()}) and of each server (by variant id),
 * which the capacity forecast multiplies; shipped from the lab's own talk-plan runs, and kept up to date in the results
 * folder's {@code cpu-per-request.json} by the latest run of each.
 */
public record CpuCosts(Map<String, Cost> client, Map<String, Cost> server) {
    public static final String FILE = RunFolder.CPU_COSTS_FILE;
    /** Fewer requests than this measure start-up and JIT warm-up more than a request (docs/results.md). */
    static final long FEWEST_REQUESTS = 10_000;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** @param from where the figure was measured, in words */
    public record Cost(double ms, String from) {}

    /** The shipped figures, overlaid with the results folder's own. */
    public static CpuCosts load(Path resultsDir) {
        CpuCosts costs = shipped();
        Path own = resultsDir.resolve(FILE);
        if (Files.isRegularFile(own)) {
            try {
                CpuCosts measured = JSON.readValue(own.toFile(), CpuCosts.class);
                costs.client.putAll(measured.client == null ? Map.of() : measured.client);
                costs.server.putAll(measured.server == null ? Map.of() : measured.server);
            } catch (IOException unreadable) {
                // A damaged table only costs the forecast its freshest figures.
            }
        }
        return costs;
    }

    private static CpuCosts shipped() {
        try (InputStream in = CpuCosts.class.getResourceAsStream(FILE)) {
            CpuCosts costs = JSON.readValue(in, CpuCosts.class);
            return new CpuCosts(new TreeMap<>(costs.client), new TreeMap<>(costs.server));
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("the lab's own " + FILE + " is missing from its jar: rebuild it", e);
        }
    }

    /**
     * This run's figures where it measured enough requests: the client's when its users ran here, the server's when its
     * /stats answered to the end.
     */
    public CpuCosts learn(ServerFigures run, ChosenClient chosen, String runFolder) {
        long requests = run.requests();
        if (!run.outcome().ok() || requests < FEWEST_REQUESTS) {
            return this;
        }
        String from = String.format(Locale.ROOT, "%s, %,d requests", runFolder, requests);
        if (run.clientCpuMs() != null) {
            this.client.put(chosen.label(), new Cost(round(run.clientCpuMs() / (double) requests), from));
        }
        if (run.serverCpuMs() != null) {
            this.server.put(run.server(), new Cost(round(run.serverCpuMs() / (double) requests), from));
        }
        return this;
    }

    /** Writes the results folder's table: whole, since two runs may write it at once. */
    public void save(Path resultsDir) throws IOException {
        AtomicFile.write(resultsDir.resolve(FILE), JSON.writeValueAsString(this));
    }

    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
