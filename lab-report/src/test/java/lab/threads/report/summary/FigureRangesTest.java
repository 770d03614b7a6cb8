package lab.threads.report.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SummaryReportRow;
import org.junit.jupiter.api.Test;

/** Each ranged figure is refused outside its definition, and only there. */
class FigureRangesTest {

    private static final SummaryReportRow ROW = new SummaryReportRow(100, 1000, 900, 1500, 10, 0, 50, 1, 1, 10);
    private static final Percentiles TIMES = new Percentiles(1000, 1100, 1200, 1400, 1450);

    @Test
    void theCeilingOfThePercentIsTheIdealDurationOverItLessTheClientsClock() {
        // 10 s ideal, a 2 ms clock: the run can be measured 2 ms short, 10 / 9.998.
        assertEquals(100.0 * 10 / 9.998, FigureRanges.ceilingPercentOfIdeal(10, 2), 1e-9);
        assertEquals(100.0, FigureRanges.ceilingPercentOfIdeal(0, 2));
    }

    @Test
    void aRowInsideEveryDefinitionHasNothingOutside() {
        assertEquals(List.of(), FigureRanges.outside(ROW, TIMES, 99.9, 10, 1, 0.5));
        assertEquals(List.of(), FigureRanges.outside(ROW, TIMES, 100.01, 10, 1, null), "within the 1 ms clock");
    }

    @Test
    void eachFigureOutsideItsDefinitionIsNamed() {
        assertTrue(FigureRanges.outside(ROW, TIMES, 372.3, 10, 1, null)
                .getFirst()
                .startsWith("% of ideal 372.3 is outside 0-100.0"));
        SummaryReportRow errors = new SummaryReportRow(100, 1000, 900, 1500, 10, 101, 50, 1, 1, 10);
        assertTrue(
                FigureRanges.outside(errors, TIMES, 50, 10, 1, null).getFirst().startsWith("error % 101.00"));
        Percentiles unordered = new Percentiles(1000, 1100, 1000, 1400, 1450);
        assertTrue(FigureRanges.outside(ROW, unordered, 50, 10, 1, null)
                .getFirst()
                .startsWith("the times are out of order"));
        assertTrue(FigureRanges.outside(ROW, TIMES, 50, 10, 1, 1.2)
                .getFirst()
                .startsWith("pool busy % 120.0 is outside 0-100"));
    }

    @Test
    void theBuildRunsTheTestsStrict() {
        assertEquals(
                "true",
                System.getProperty(FigureRanges.STRICT_PROPERTY),
                "pom.xml's surefire systemPropertyVariables set it, so every report a test makes is checked");
    }

    @Test
    void underTheTestsADefectFailsAndOtherwiseItIsSaid() {
        String was = System.getProperty(FigureRanges.STRICT_PROPERTY);
        try {
            System.setProperty(FigureRanges.STRICT_PROPERTY, "true");
            assertThrows(IllegalStateException.class, () -> FigureRanges.defect("server-x", List.of("x")));
            System.setProperty(FigureRanges.STRICT_PROPERTY, "false");
            assertTrue(FigureRanges.defect("server-x", List.of("x")).endsWith(": x"));
        } finally {
            if (was == null) {
                System.clearProperty(FigureRanges.STRICT_PROPERTY);
            } else {
                System.setProperty(FigureRanges.STRICT_PROPERTY, was);
            }
        }
    }
}
