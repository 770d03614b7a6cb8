package lab.threads.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.Verdict;
import org.junit.jupiter.api.Test;

/** The verdict's short words in the headline: its named signs in brackets, and no empty brackets without one. */
class HeadlineClientWordsTest {

    private static ClientVerdict verdict(Verdict verdict, List<String> findings) {
        return new ClientVerdict(verdict, findings, "", List.of(), List.of(), 0, Map.of(), false);
    }

    @Test
    void aClientBoundVerdictNamesItsSignsInBrackets() {
        assertEquals(
                "client-bound (client stall, client GC)",
                Headline.clientWords(verdict(
                        Verdict.CLIENT_BOUND,
                        List.of("client stall: 3 s", "machine: all cores busy", "client GC: 1.2 s"))));
    }

    @Test
    void aClientBoundVerdictWithoutANamedSignHasNoEmptyBrackets() {
        // The no-blocking verdict: reached from the CPU split, its finding names no "client ..." sign.
        assertEquals(
                "client-bound",
                Headline.clientWords(verdict(
                        Verdict.CLIENT_BOUND, List.of("the client took 60% of the CPU the two sides spent: ..."))));
        assertEquals("no client limit seen", Headline.clientWords(verdict(Verdict.NO_CLIENT_LIMIT, List.of())));
    }

    @Test
    void aDisturbedTurnSaysWhoAndHowMuchWithoutItsLine() {
        assertEquals(
                "disturbed (other programs (gradle 6.3 s) took 82.7% of the busy time)",
                Headline.clientWords(verdict(
                        Verdict.DISTURBED,
                        List.of(
                                "machine: busy 7.7 s of 2 cores x 4 s: other programs 6.4 s (83%: gradle 6.3 s)",
                                "disturbed: other programs (gradle 6.3 s) took 82.7% of the busy time (the line is"
                                        + " 5%)"))));
    }
}
