package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.JtlReader;
import lab.threads.model.samples.Sample;
import lab.threads.report.raw.RecordedClient;
import lab.threads.report.raw.ServerRequestLog;
import lab.threads.report.verdict.ErrorCauses;
import lab.threads.run.RunFolder;
import org.junit.jupiter.api.Test;

/**
 * "Never answered" on a recorded Hyperfoil run at a 0 ms sleep (seed 002's sweep, 10 connections, server-virtual; every
 * 10th sample kept, with the server's record of each). Which side was right: every answered sample's id is in the
 * server's log, received before the sample truly ended; Hyperfoil cuts its start and its elapsed to the ms each, so its
 * recorded end can be up to 2 ms early, where the join allowed JMeter's 1 ms.
 */
class HyperfoilJoinTest {

    private static Path recorded() throws URISyntaxException {
        return Path.of(HyperfoilJoinTest.class
                .getResource("/recorded/hyperfoil-0ms-run/server-virtual")
                .toURI());
    }

    @Test
    void everyAnsweredSampleOfAHyperfoilRunIsJoinedWithTheServersRecordOfIt() throws Exception {
        Path server = recorded();
        assertEquals(LoadClient.HYPERFOIL, RecordedClient.of(server));

        // Independently of the report's code: the server's received instants (us) of each id, from the CSV's text.
        Map<String, List<Long>> received = new HashMap<>();
        List<String> log = Files.readAllLines(server.resolve(RunFolder.REQUESTS_FILE));
        for (String line : log.subList(1, log.size())) {
            String[] cells = line.split(",");
            received.computeIfAbsent(cells[0], id -> new ArrayList<>()).add(Long.parseLong(cells[2]));
        }
        List<String> jtl = Files.readAllLines(server.resolve(RunFolder.SAMPLES_FILE));
        int answered = 0;
        int pastOneMs = 0;
        for (String line : jtl.subList(1, jtl.size())) {
            String[] cells = line.split(",");
            long start = Long.parseLong(cells[0]);
            long end = start + Long.parseLong(cells[1]);
            String id = cells[13].substring(cells[13].indexOf("rid=") + 4);
            assertEquals("true", cells[7], "every sample of this run was answered");
            List<Long> atServer = received.get(id);
            assertEquals(1, atServer.size(), "the server logged request " + id + " once");
            double afterEndMs = (atServer.getFirst() - end * 1000) / 1000.0;
            // Received before the true end, which is less than 2 ms after the recorded one.
            assertTrue(afterEndMs < 2, id + " received " + afterEndMs + " ms after its recorded end");
            pastOneMs += afterEndMs > 1 ? 1 : 0;
            answered++;
        }
        assertTrue(pastOneMs > 0, "the recorded case holds samples a 1 ms window leaves out");

        TimeBreakdown hyperfoil = join(server, LoadClient.HYPERFOIL);
        assertEquals(answered, hyperfoil.joined());
        assertEquals(0, hyperfoil.withoutServerRecord(), hyperfoil.unansweredByCause()::toString);
        assertEquals(0, hyperfoil.outsideTimes());
        assertTrue(hyperfoil.finding().contains("(" + Numbers.count(answered) + " requests)"), hyperfoil.finding());
        // Its out-of-order count names the client, with each figure in its place.
        assertTrue(hyperfoil.outOfOrder().requests() > 0);
        assertTrue(
                hyperfoil
                        .finding()
                        .contains(Numbers.count(hyperfoil.outOfOrder().jmeterLate())
                                + " with a server instant before Hyperfoil's own (Hyperfoil noted"),
                hyperfoil.finding());
    }

    private static TimeBreakdown join(Path server, LoadClient client) {
        List<String> notes = new ArrayList<>();
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(server.resolve(RunFolder.REQUESTS_FILE), notes), ErrorCauses::causeOf, client);
        JtlReader.read(server.resolve(RunFolder.SAMPLES_FILE), timeline, notes);
        assertTrue(notes.isEmpty(), notes::toString);
        return timeline.breakdown(0);
    }

    @Test
    void anAnsweredSampleWhoseIdTheServerLoggedAtAnotherTimeIsNotCalledNeverAnswered() throws IOException {
        Path dir = Files.createTempDirectory("join");
        Path log = dir.resolve(RunFolder.REQUESTS_FILE);
        long startMs = 1_800_000_000_000L;
        // Request 1: received 9 ms after the client's recorded end of 23 ms (a clock read taken late).
        Files.writeString(
                log,
                "rid,firstOnConnection,receivedEpochUs,startedEpochUs,respondedEpochUs,waitingSinceEpochUs\n"
                        + "1,0," + (startMs + 32) * 1000 + "," + (startMs + 32) * 1000 + "," + (startMs + 36) * 1000
                        + ",0\n");
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(log, new ArrayList<>()), ErrorCauses::causeOf, LoadClient.HYPERFOIL);
        timeline.accept(new Sample(startMs, 23, "200", "OK", true, 1, 1, 1, 0, "1", null));
        timeline.accept(new Sample(startMs, 23, "200", "OK", true, 1, 1, 1, 0, "2", null));
        TimeBreakdown breakdown = timeline.breakdown(0);

        assertEquals(1, breakdown.outsideTimes());
        assertEquals(1, breakdown.withoutServerRecord(), "request 2 is nowhere in the log");
        assertEquals(Map.of(RequestTimeline.NO_SERVER_RECORD, 1L), breakdown.unansweredByCause());
    }
}
