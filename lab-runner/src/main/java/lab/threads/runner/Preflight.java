package lab.threads.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import lab.threads.common.ServerSettings;
import lab.threads.common.Variant;
import lab.threads.model.plan.PlanKey;
import lab.threads.process.OneLineErrors;
import lab.threads.runner.guest.Expected;
import lab.threads.runner.guest.Guest;
import lab.threads.runner.guest.GuestAnswer;
import picocli.CommandLine.ParameterException;

/** What cannot work, refused before anything runs, each in one line that says what to do. */
public final class Preflight {
    private static final Duration ASK = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    private Preflight() {}

    /** What the checks ask about, from the run's options ({@link RunOptions#preflight}). */
    record Asked(
            List<RunCase> cases,
            List<Variant> servers,
            Map<Variant, URI> targets,
            List<String> startedServerFlags,
            Path out,
            GuestRun guests) {}

    /** @throws IllegalArgumentException with the one line to print */
    public static void check(Asked asked) throws IOException {
        List<RunCase> cases = asked.cases();
        HttpClient http = HttpClient.newBuilder().connectTimeout(ASK).build();
        for (Variant variant : asked.servers()) {
            URI target = asked.targets().get(variant);
            long maxSleepMs =
                    target == null ? startedMaxSleepMs(variant, asked) : targetMaxSleepMs(http, variant, target);
            for (RunCase runCase : cases) {
                long sleepMs = runCase.plan().get(PlanKey.SLEEP_MS, 0);
                if (sleepMs > maxSleepMs) {
                    throw new IllegalArgumentException(String.format(
                            "the plan's sleep_ms %d is outside %s's range, 0-%d ms: every "
                                    + "request would get its 400. Give --sleep-ms %d or less%s.",
                            sleepMs,
                            variant.id(),
                            maxSleepMs,
                            maxSleepMs,
                            target == null
                                    ? ", or raise the servers' limit with --server-args=--max-sleep-ms=" + sleepMs
                                    : ", or start that server with a larger --max-sleep-ms"));
                }
            }
        }
        for (Guest guest : asked.guests().guests()) {
            if (guest.command() == null) {
                guestAnswers(
                        guest,
                        asked.guests().expected(),
                        GuestRun.askWait(cases.getFirst().plan()));
            }
        }
        outputWritable(asked.out());
    }

    /**
     * A running guest must answer its URL as the plan's assertion wants it, now; a started one is asked once started
     * ({@link lab.threads.runner.guest.GuestProcess#start}).
     */
    private static void guestAnswers(Guest guest, Expected expected, Duration wait) {
        try {
            GuestAnswer.problem(guest.url(), expected, wait).ifPresent(problem -> {
                throw new IllegalArgumentException("--target " + guest.name() + "=" + guest.url() + " " + problem
                        + (problem.startsWith(GuestAnswer.NO_ANSWER)
                                ? ": start the service or fix the URL."
                                : ": fix the URL, or say what its answer is with --expect-status"
                                        + (expected.body() == null ? "" : " and --expect-body") + "."));
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while asking " + guest.url(), e);
        }
    }

    /** The largest ?ms a server the lab starts will take, from the same settings it will be started with. */
    private static long startedMaxSleepMs(Variant variant, Asked asked) {
        try {
            return ServerSettings.parse(variant, asked.startedServerFlags().toArray(String[]::new))
                    .maxSleepMs();
        } catch (ParameterException e) {
            throw new IllegalArgumentException("--server-args: " + e.getMessage(), e);
        }
    }

    /** A --target must answer /health now; its /stats says the largest ?ms it takes (the contract's default if not). */
    private static long targetMaxSleepMs(HttpClient http, Variant variant, URI target) {
        String health = target.resolve("/health").toString();
        try {
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(URI.create(health)).timeout(ASK).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalArgumentException(
                        "--target " + variant.shortName() + "=" + target + " answered " + health + " with HTTP "
                                + answer.statusCode() + ", not 200: is it one of the lab's servers, and up?");
            }
            JsonNode stats = JSON.readTree(http.send(
                            HttpRequest.newBuilder(target.resolve("/stats"))
                                    .timeout(ASK)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body());
            return stats.path("settings")
                    .path("maxSleepMs")
                    .asLong(ServerSettings.parse(variant).maxSleepMs());
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--target " + variant.shortName() + "=" + target + " does not answer " + health
                            + " (" + OneLineErrors.describe(e) + "): start that server (./lab server "
                            + variant.shortName()
                            + "), fix the address, or leave out --target so the lab starts it.",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted while asking " + health, e);
        }
    }

    /** The results folder must take a file now, not after the first server's minutes of load. */
    static void outputWritable(Path out) {
        try {
            Files.createDirectories(out);
            Files.delete(Files.createTempFile(out, ".lab-write-check", ""));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException(
                    "cannot write results in " + out + " (" + OneLineErrors.describe(e)
                            + "): give a folder you can write with --out.",
                    e);
        }
    }
}
