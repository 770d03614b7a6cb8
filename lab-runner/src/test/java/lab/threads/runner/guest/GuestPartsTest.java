package lab.threads.runner.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A guest's parts that need no load: its URL taken apart, the expected answer, jstat's lines. */
class GuestPartsTest {

    @Test
    void theUrlKeepsItsPathAndQueryAndGetsItsSchemesPort() {
        Guest guest = Guest.of(
                        Map.of("orders", URI.create("http://127.0.0.1/api/orders?id=1&x=%20y")),
                        Map.of(),
                        Map.of(),
                        Set.of())
                .getFirst();
        assertEquals("/api/orders?id=1&x=%20y", guest.pathAndQuery());
        assertEquals(80, guest.port());
        assertEquals(URI.create("http://127.0.0.1:80"), guest.base());
        assertEquals(
                "/",
                Guest.of(Map.of("g", URI.create("https://h")), Map.of(), Map.of(), Set.of())
                        .getFirst()
                        .pathAndQuery());
        assertEquals(
                443,
                Guest.of(Map.of("g", URI.create("https://h")), Map.of(), Map.of(), Set.of())
                        .getFirst()
                        .port());
    }

    @Test
    void theExpectedAnswerSaysWhatIsWrong() {
        Expected ok = new Expected(200, "order");
        assertEquals(Optional.empty(), ok.mismatch(200, "order 7"));
        assertEquals(Optional.of("answered HTTP 404, not 200"), ok.mismatch(404, "order 7"));
        assertEquals(Optional.of("answered HTTP 200 without \"order\" in its body"), ok.mismatch(200, "none"));
        assertEquals("HTTP 201", new Expected(201, "").describe());
        assertThrows(IllegalArgumentException.class, () -> new Expected(42, null));
    }

    @Test
    void jstatsTwoLinesGiveTheCollections() {
        String jstat = """
                    S0C         S1C    YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT
                    0.0      4096.0      9     0.160     1     0.020     2     0.002     0.182
                """;
        JvmGc now = JvmGc.parse(jstat).orElseThrow();
        assertEquals(new JvmGc(9, 1, 0.182), now);
        assertEquals(new JvmGc(4, 1, 0.182 - 0.1), now.since(new JvmGc(5, 0, 0.1)));
        assertEquals(Optional.empty(), JvmGc.parse("12345 not found"));
    }
}
