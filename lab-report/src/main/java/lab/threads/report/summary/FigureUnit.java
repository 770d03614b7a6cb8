package lab.threads.report.summary;

import java.util.List;

/**
 * What a figure's values are counted in, and what a bound on it may be written in: the first spelling is the unit's
 * own, the others are converted to it.
 */
public enum FigureUnit {
    MS("ms", List.of("ms", "s"), List.of(1.0, 1000.0)),
    PERCENT("%", List.of("%"), List.of(1.0)),
    PER_SECOND("/s", List.of("/s"), List.of(1.0)),
    COUNT("", List.of(), List.of()),
    KB("KB", List.of("KB", "MB"), List.of(1.0, 1024.0)),
    MB("MB", List.of("MB", "GB"), List.of(1.0, 1024.0));

    private final String shown;
    private final List<String> spellings;
    private final List<Double> factors;

    FigureUnit(String shown, List<String> spellings, List<Double> factors) {
        this.shown = shown;
        this.spellings = spellings;
        this.factors = factors;
    }

    /** How the figure's values are shown after their number: "ms", "%", "" for a count. */
    public String shown() {
        return shown;
    }

    /** The number in the figure's own unit; none written means that unit. @return null for a foreign unit */
    public Double convert(double number, String written) {
        if (written.isEmpty()) {
            return number;
        }
        int at = spellings.indexOf(written);
        return at < 0 ? null : number * factors.get(at);
    }

    /** The spellings a bound may use, in words: "ms or s (or none)", "a plain number". */
    public String spellingsInWords() {
        return spellings.isEmpty() ? "a plain number" : String.join(" or ", spellings) + " (or none)";
    }
}
