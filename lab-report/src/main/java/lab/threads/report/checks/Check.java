package lab.threads.report.checks;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.report.summary.FigureUnit;

/**
 * One check as written: {@code [server:]figure operator bound}, e.g. {@code p99<=7000ms}, {@code p99<=1.2x sleep},
 * {@code p99<=+10%} (a signed bound is a change from the baseline), {@code server-virtual:threads<=100}.
 *
 * @param text   the check as written, trimmed: what every result and file names it by
 * @param server the server it holds for; null for every server
 */
public record Check(String text, String server, CheckFigure figure, CheckOperator operator, Bound bound) {

    private static final Pattern SHAPE = Pattern.compile(
            "(?:(?<server>[A-Za-z0-9._-]+)\\s*:)?\\s*(?<figure>[A-Za-z0-9_-]+)\\s*(?<op><=|>=|<|>)\\s*(?<bound>.+)");
    private static final Pattern NUMBER_AND_UNIT =
            Pattern.compile("(?<sign>[+-])?(?<number>\\d+(?:\\.\\d+)?)\\s*(?<unit>[A-Za-z%/]*)");
    private static final Pattern TIMES_SLEEP = Pattern.compile("(?<factor>\\d+(?:\\.\\d+)?)\\s*x\\s*sleep");
    private static final String FORM = "write [server:]figure<=bound, e.g. p99<=7000ms, errors<0.1%, "
            + "p99<=1.2x sleep, p99<=+10% (from --baseline), server-virtual:threads<=100";

    /** @throws IllegalArgumentException in one line that says what is wrong and lists the figures */
    public static Check parse(String written) {
        String text = written.strip();
        Matcher shape = SHAPE.matcher(text);
        if (!shape.matches()) {
            throw malformed(text, "no figure, operator and bound");
        }
        CheckFigure figure = CheckFigure.named(shape.group("figure"), text);
        CheckOperator operator = operator(shape.group("op"));
        return new Check(
                text,
                shape.group("server"),
                figure,
                operator,
                bound(shape.group("bound").strip(), figure, text));
    }

    public boolean relative() {
        return bound instanceof Bound.FromBaseline;
    }

    /** Whether the check holds for this server (by its id, its short name without "server-", or a guest's name). */
    public boolean covers(String serverId) {
        return server == null || server.equals(serverId) || ("server-" + server).equals(serverId);
    }

    private static CheckOperator operator(String symbol) {
        return Arrays.stream(CheckOperator.values())
                .filter(operator -> operator.symbol().equals(symbol))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the pattern admits no other operator: " + symbol));
    }

    private static Bound bound(String written, CheckFigure figure, String text) {
        Matcher times = TIMES_SLEEP.matcher(written.toLowerCase(Locale.ROOT));
        if (times.matches()) {
            if (figure.unit() != FigureUnit.MS) {
                throw malformed(
                        text,
                        "a multiple of the sleep bounds a time in ms, and " + figure.checkName() + " is in "
                                + figure.unit().spellingsInWords());
            }
            return new Bound.TimesSleep(Double.parseDouble(times.group("factor")), written);
        }
        Matcher number = NUMBER_AND_UNIT.matcher(written);
        if (!number.matches()) {
            throw malformed(text, "the bound '" + written + "' is no number");
        }
        double value = Double.parseDouble(number.group("number"));
        String unit = number.group("unit");
        if (number.group("sign") != null) {
            if (!unit.equals("%")) {
                throw malformed(text, "a signed bound is a change from the baseline in %, e.g. +10%");
            }
            return new Bound.FromBaseline(number.group("sign").equals("-") ? -value : value, written);
        }
        Double converted = figure.unit().convert(value, unit);
        if (converted == null) {
            throw malformed(
                    text, figure.checkName() + " is in " + figure.unit().spellingsInWords() + ", not '" + unit + "'");
        }
        return new Bound.Absolute(converted, written);
    }

    private static IllegalArgumentException malformed(String text, String why) {
        return new IllegalArgumentException(
                "malformed check '" + text + "': " + why + "; " + FORM + "; the figures are " + CheckFigure.names());
    }
}
