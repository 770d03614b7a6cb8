package lab.threads.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import lab.threads.report.RunFixture;
import lab.threads.report.summary.ServerSummary;
import lab.threads.report.verdict.StagedOutcome;
import lab.threads.report.verdict.StagedOutcome.StageFigures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A step plan's stages as the page tabulates them: what each step offered and what its added users brought. */
class OverloadSectionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void eachStepShowsItsOfferAndWhatItsAddedUsersBrought() throws IOException {
        List<StageFigures> stages = List.of(
                new StageFigures(0, 10, 1_500, 15_000, 14_299, 0, 1_100, false),
                new StageFigures(10, 20, 1_750, 17_500, 14_577, 0, 1_200, false),
                new StageFigures(20, 30, 2_000, 20_000, 16_000, 0, 1_300, false));
        StagedOutcome staged = new StagedOutcome(
                "step",
                stages,
                1_750,
                1_500,
                StagedOutcome.KneeRule.THROUGHPUT,
                null,
                null,
                null,
                "knee at 1,750 users");

        Section.Table table =
                stagesTable(withStaged(RunFixture.threeServers(dir).servers().getFirst(), staged));

        assertEquals("offered", table.header().get(2));
        assertEquals(
                List.of("15,000", "17,500", "20,000"),
                table.rows().stream().map(row -> row.get(2)).toList());
        assertEquals(
                List.of("", "278 of 2,500 (less than half)", "1,423 of 2,500"),
                table.rows().stream().map(List::getLast).toList());
    }

    /** The row as summary.json would hold it with these stages. */
    private static ServerSummary withStaged(ServerSummary server, StagedOutcome staged) throws IOException {
        ObjectNode row = JSON.valueToTree(server);
        row.set("staged", JSON.valueToTree(staged));
        return JSON.treeToValue(row, ServerSummary.class);
    }

    private static Section.Table stagesTable(ServerSummary server) {
        return OverloadSection.of(List.of(server)).orElseThrow().parts().stream()
                .filter(part -> part instanceof Section.Table table
                        && table.caption() != null
                        && table.caption().startsWith("Each stage's requests"))
                .map(Section.Table.class::cast)
                .findFirst()
                .orElseThrow();
    }
}
