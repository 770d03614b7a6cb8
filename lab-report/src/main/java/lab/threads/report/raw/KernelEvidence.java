package lab.threads.report.raw;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.JsonLinesFile;

/**
 * The kernel's view of one server's run from {@code kernel.jsonl}, checked against the client's: the listening port's
 * accept queue, how each listen and retransmission counter grew over the load, and whether the connects that took a SYN
 * retry match the drops the kernel counted.
 *
 * @param namespace       whose network namespace the counters are (the runner's for --target)
 * @param backlog         the queue's limit, min(backlog, somaxconn); null where only /proc/net/tcp was readable
 * @param retriedConnects connects of 900 ms or more; per band in {@code connectsByBand}
 * @param viewsAgree      null when one view is missing
 */
public record KernelEvidence(
        int seconds,
        String namespace,
        String kernel,
        Long peakAcceptQueue,
        Long backlog,
        int secondsQueued,
        Long listenOverflows,
        Long listenDrops,
        Long synRetransmits,
        Long retransmittedSegments,
        long retriedConnects,
        Map<String, Long> connectsByBand,
        long connectsOutsideBands,
        Boolean viewsAgree,
        String check) {

    /**
     * @param client the client whose connects these are, named in the check
     * @return null without kernel.jsonl (an older run, or a sampler that could not write): nothing said of the kernel
     */
    public static KernelEvidence read(Path jsonl, SynRetryBands connects, List<String> notes, LoadClient client) {
        if (!Files.exists(jsonl)) {
            return null;
        }
        Accumulator kernel = new Accumulator();
        JsonLinesFile.read(jsonl, "no kernel view of the run", kernel::add, notes);
        return kernel.seconds == 0 ? null : kernel.evidence(connects.count(kernel.release), client);
    }

    private static final class Accumulator {
        private int seconds;
        private String namespace;
        private String release;
        private Long peakQueue;
        private Long backlog;
        private int secondsQueued;
        private final ServerStatsPeaks.Delta overflows = new ServerStatsPeaks.Delta("listenOverflows");
        private final ServerStatsPeaks.Delta drops = new ServerStatsPeaks.Delta("listenDrops");
        private final ServerStatsPeaks.Delta synRetrans = new ServerStatsPeaks.Delta("tcpSynRetrans");
        private final ServerStatsPeaks.Delta retransSegs = new ServerStatsPeaks.Delta("retransSegs");

        void add(JsonNode line) {
            seconds++;
            namespace = line.path("namespace").asText(namespace);
            release = line.path("kernel").asText(release);
            if (line.path("acceptQueue").isNumber()) {
                long queue = line.get("acceptQueue").asLong();
                peakQueue = peakQueue == null ? queue : Math.max(peakQueue, queue);
                secondsQueued += queue > 0 ? 1 : 0;
            }
            if (line.path("backlog").isNumber()) {
                backlog = line.get("backlog").asLong();
            }
            List.of(overflows, drops, synRetrans, retransSegs).forEach(counter -> counter.see(line));
        }

        KernelEvidence evidence(SynRetryBands.Counted connects, LoadClient client) {
            Long dropped = drops.value() != null ? drops.value() : overflows.value();
            return new KernelEvidence(
                    seconds,
                    namespace,
                    release,
                    peakQueue,
                    backlog,
                    secondsQueued,
                    overflows.value(),
                    drops.value(),
                    synRetrans.value(),
                    retransSegs.value(),
                    connects.retried(),
                    connects.byBand(),
                    connects.outsideBands(),
                    agree(connects, dropped),
                    check(connects, dropped, client));
        }
    }

    /** Every SYN retry needs a drop the kernel counted; drops beyond them can be handshake ACKs, which delay no connect. */
    private static Boolean agree(SynRetryBands.Counted connects, Long dropped) {
        return !connects.recorded() || dropped == null
                ? null
                : connects.retried() == 0 ? dropped == 0 : dropped >= connects.retried();
    }

    private static String check(SynRetryBands.Counted connects, Long dropped, LoadClient client) {
        if (dropped == null) {
            return "The kernel's listen counters could not be read: only " + client.possessive() + " view, "
                    + retried(connects);
        }
        String kernelSaw = "the kernel counted " + String.format(Locale.ROOT, "%,d", dropped) + " listen drops";
        if (!connects.recorded()) {
            return client.words().noConnectTimes() + ": only the kernel's view; " + kernelSaw;
        }
        String verdict = agree(connects, dropped)
                ? "the two views agree"
                : connects.retried() > dropped
                        ? "the two views disagree: more connects were slowed than SYNs were dropped here, so the delay "
                                + "was elsewhere (the client's own CPU, or a server in another network namespace)"
                        : "the two views disagree: no connect was slowed, so the drops were handshake ACKs at a full "
                                + "queue (the client's connect completed and its request waited) or another client's";
        String retried = retried(connects);
        return Character.toUpperCase(retried.charAt(0)) + retried.substring(1) + "; " + kernelSaw + ": " + verdict;
    }

    private static String retried(SynRetryBands.Counted connects) {
        if (connects.retried() == 0) {
            return "no connect took a SYN retry (none of 900 ms or more)";
        }
        String bands = connects.byBand().entrySet().stream()
                .filter(band -> band.getValue() > 0)
                .map(band -> String.format(Locale.ROOT, "%s: %,d", band.getKey(), band.getValue()))
                .collect(Collectors.joining(", "));
        if (connects.outsideBands() > 0) {
            bands += (bands.isEmpty() ? "" : ", ")
                    + String.format(Locale.ROOT, "outside the bands: %,d", connects.outsideBands());
        }
        return String.format(Locale.ROOT, "%,d connects took a SYN retry (%s)", connects.retried(), bands);
    }
}
