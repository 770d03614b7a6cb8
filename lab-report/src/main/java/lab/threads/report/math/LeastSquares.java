package lab.threads.report.math;

import java.util.Optional;

/** A straight line fitted by least squares, and how much of the points' spread it explains (R², 0 to 1). */
public record LeastSquares(double slope, double intercept, double rSquared) {

    /** The fit of {@code y} against {@code x}; empty with fewer than two distinct {@code x}, where no slope exists. */
    public static Optional<LeastSquares> fit(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " x for " + y.length + " y");
        }
        int n = x.length;
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < n; i++) {
            meanX += x[i] / n;
            meanY += y[i] / n;
        }
        double sxx = 0;
        double sxy = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (x[i] - meanX) * (x[i] - meanX);
            sxy += (x[i] - meanX) * (y[i] - meanY);
            syy += (y[i] - meanY) * (y[i] - meanY);
        }
        if (sxx == 0) {
            return Optional.empty();
        }
        double slope = sxy / sxx;
        double residual = syy - slope * sxy;
        // Points that do not spread at all lie on the flat line exactly.
        double rSquared = syy == 0 ? 1 : Math.clamp(1 - residual / syy, 0, 1);
        return Optional.of(new LeastSquares(slope, meanY - slope * meanX, rSquared));
    }
}
