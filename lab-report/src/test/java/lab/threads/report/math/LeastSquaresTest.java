package lab.threads.report.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LeastSquaresTest {

    /**
     * By hand: mean x 1,500, mean y 1,650; Sxx = 5,000,000, Sxy = 5,100,000, Syy = 5,230,000; slope 1.02, intercept
     * 1,650 - 1.02 x 1,500 = 120; residual Syy - slope x Sxy = 28,000, so R² = 1 - 28,000 / 5,230,000.
     */
    @Test
    void fitsTheLineAHandComputationGives() {
        LeastSquares fit = LeastSquares.fit(new double[] {0, 1000, 2000, 3000}, new double[] {100, 1100, 2300, 3100})
                .orElseThrow();

        assertEquals(1.02, fit.slope(), 1e-12);
        assertEquals(120, fit.intercept(), 1e-9);
        assertEquals(1 - 28_000.0 / 5_230_000, fit.rSquared(), 1e-12);
    }

    @Test
    void pointsOnALineFitItExactly() {
        LeastSquares fit = LeastSquares.fit(new double[] {1, 2, 4}, new double[] {7, 9, 13})
                .orElseThrow();

        assertEquals(2, fit.slope(), 1e-12);
        assertEquals(5, fit.intercept(), 1e-12);
        assertEquals(1, fit.rSquared(), 1e-12);
    }

    @Test
    void aFlatSeriesHasNoSlopeAndFitsExactly() {
        LeastSquares fit = LeastSquares.fit(new double[] {0, 10, 20}, new double[] {4, 4, 4})
                .orElseThrow();

        assertEquals(0, fit.slope());
        assertEquals(1, fit.rSquared());
    }

    @Test
    void noSlopeWithoutTwoDistinctX() {
        assertTrue(LeastSquares.fit(new double[] {5, 5}, new double[] {1, 2}).isEmpty());
        assertTrue(LeastSquares.fit(new double[] {5}, new double[] {1}).isEmpty());
    }
}
