package lab.threads.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import lab.threads.report.RunFixture;
import org.junit.jupiter.api.Test;

class ServerPaletteTest {

    @Test
    void thirteenServersTakeThirteenColours() {
        List<String> colors = ServerPalette.colors(RunFixture.THIRTEEN);
        assertEquals(RunFixture.THIRTEEN.size(), colors.stream().distinct().count(), colors::toString);
    }

    @Test
    void aServerKeepsItsColourWhateverItsPlaceInTheRun() {
        assertEquals(
                ServerPalette.colors(List.of("server-tomcat-virtual")),
                ServerPalette.colors(List.of("server-platform", "server-tomcat-virtual"))
                        .subList(1, 2));
    }

    @Test
    void unknownServersAndARepeatedOneTakeColoursNoOtherServerHas() {
        List<String> colors = ServerPalette.colors(List.of("server-virtual", "server-x", "server-y", "server-virtual"));
        assertEquals(4, colors.stream().distinct().count(), colors::toString);
        assertNotEquals(colors.get(1), colors.get(2));
    }
}
