package lab.threads.report.checks;

/** What a check compares its figure with: a number, a multiple of the plan's sleep, or a change from a baseline. */
sealed interface Bound {

    /** The bound as written, e.g. "7000ms", "1.5x sleep", "+10%". */
    String written();

    /** A fixed number in the figure's own unit. */
    record Absolute(double value, String written) implements Bound {}

    /** A multiple of the plan's sleep (a guest's {@code --service-ms}): {@code p99<=1.2x sleep}. */
    record TimesSleep(double factor, String written) implements Bound {}

    /** A change in % from the same server's figure in the baseline run: {@code p99<=+10%}, {@code rps>=-5%}. */
    record FromBaseline(double percent, String written) implements Bound {

        double applyTo(double baseline) {
            return baseline * (1 + percent / 100);
        }
    }
}
