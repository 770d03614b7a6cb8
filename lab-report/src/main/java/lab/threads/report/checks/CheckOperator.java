package lab.threads.report.checks;

/** How a check's figure must stand to its bound. */
enum CheckOperator {
    AT_MOST("<="),
    BELOW("<"),
    AT_LEAST(">="),
    ABOVE(">");

    private final String symbol;

    CheckOperator(String symbol) {
        this.symbol = symbol;
    }

    String symbol() {
        return symbol;
    }

    /** Whether the operator caps the figure from above ({@code <=}, {@code <}). */
    boolean caps() {
        return this == AT_MOST || this == BELOW;
    }

    boolean holds(double value, double bound) {
        return switch (this) {
            case AT_MOST -> value <= bound;
            case BELOW -> value < bound;
            case AT_LEAST -> value >= bound;
            case ABOVE -> value > bound;
        };
    }
}
