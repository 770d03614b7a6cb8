package lab.threads.report.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import lab.threads.report.JtlFixture;
import lab.threads.report.LedgerFixture;
import lab.threads.report.LedgerFixture.Cores;
import lab.threads.report.RunFixture;
import lab.threads.report.page.TerminalTable;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server's row with and without the machine's ledger in its folder. */
class LedgerSummaryTest {

    @TempDir
    Path runDir;

    @Test
    void anOlderFolderWithoutALedgerReportsAsBeforeAndSaysSo() throws IOException {
        ServerSummary pool = RunFixture.threeServers(runDir).servers().get(1);

        assertNull(pool.ledger());
        assertEquals(Verdict.NO_CLIENT_LIMIT, pool.validity().verdict());
        assertTrue(
                pool.validity().findings().stream()
                        .anyMatch(finding -> finding.startsWith("machine: no ledger (an older run)")),
                pool.validity()::oneLine);
        assertTrue(pool.notes().stream().noneMatch(note -> note.contains(RunFolder.LEDGER_FILE)), "no defect");
        assertTrue(new ObjectMapper().valueToTree(pool).path("ledger").isMissingNode(), "summary.json leaves it out");
    }

    @Test
    void theConsoleSaysEachTurnsWordAsThePageAndSummaryJsonDo() throws IOException {
        RunReport run = RunFixture.ledgered(runDir);
        String console = TerminalTable.render(run);

        for (ServerSummary server : run.servers()) {
            String word = server.validity().verdict().label();
            assertTrue(console.contains(server.server() + ": " + word), console);
            assertEquals(
                    word,
                    new ObjectMapper()
                            .valueToTree(server)
                            .path("validity")
                            .path("verdict")
                            .asText());
        }
        assertEquals(
                java.util.List.of(Verdict.MACHINE_BOUND, Verdict.DISTURBED, Verdict.CLIENT_BOUND),
                run.servers().stream()
                        .map(server -> server.validity().verdict())
                        .toList());
    }

    @Test
    void aLedgerDecidesTheWordAndSummaryJsonCarriesItPerTurnAndPerSecond() throws IOException {
        RunFixture.threeServers(runDir);
        Path serverDir = runDir.resolve("server-pool");
        // Every core busy over the fixture's load, the server on 1.1 of 2 cores: machine-bound.
        LedgerFixture.write(
                serverDir,
                LedgerFixture.seconds(
                        JtlFixture.START - 2_000, 60, Cores.of(1.1, 0.7).withLab(0.2)));
        Files.writeString(serverDir.resolve(RunFolder.LEDGER_FILE), "{\"cut\n", StandardOpenOption.APPEND);

        ServerSummary pool = ServerSummary.from("server-pool", serverDir, RunFixture.PLAN, RunOutcome.fromWords("ok"));

        assertNotNull(pool.ledger());
        assertEquals(Verdict.MACHINE_BOUND, pool.validity().verdict(), pool.validity()::oneLine);
        assertEquals(pool.ledger().seconds(), pool.ledger().saturatedSeconds());
        assertTrue(
                pool.notes().stream().anyMatch(note -> note.startsWith(RunFolder.LEDGER_FILE + ": 1 unreadable")),
                pool.notes()::toString);
        JsonNode json = new ObjectMapper().valueToTree(pool).path("ledger");
        assertEquals(
                1_100L * pool.ledger().seconds(),
                json.path("load").path("serverMs").asLong());
        assertEquals(pool.ledger().seconds(), json.path("perSecond").size());
        assertEquals(2_000, json.path("perSecond").get(0).get(2).asLong(), "busyMs, the third column");
        ServerSummary back = new ObjectMapper().treeToValue(new ObjectMapper().valueToTree(pool), ServerSummary.class);
        assertEquals(pool.ledger().load(), back.ledger().load());
    }
}
