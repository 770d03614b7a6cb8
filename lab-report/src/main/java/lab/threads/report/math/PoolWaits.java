package lab.threads.report.math;

/**
 * The request log's waits for a pooled connection, summed.
 *
 * @param waited those that waited {@value #WAITED_MS} ms or more: a borrow that found a free connection takes
 *               microseconds
 */
public record PoolWaits(long requests, long waited, double waitedSeconds) {
    public static final PoolWaits NONE = new PoolWaits(0, 0, 0);

    static final double WAITED_MS = 1;

    /** The mean wait of those that waited, ms; 0 when none did. */
    public double meanWaitMs() {
        return waited == 0 ? 0 : waitedSeconds * 1000 / waited;
    }
}
