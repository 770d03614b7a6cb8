package lab.threads.report.verdict;

import java.util.List;
import java.util.Map;

/**
 * A server's failed samples by {@link ErrorClass}, in total and per second, as summary.json keeps them.
 *
 * @param rows      one per class (a 5xx one per status and cause), most first; they add up to the failed samples
 * @param perSecond the seconds with a failure, from the load's first second (0), each row's count in it
 */
public record ErrorClassTally(List<Row> rows, List<Second> perSecond) {

    /** No failure, or a summary.json written before the classes. */
    public static final ErrorClassTally NONE = new ErrorClassTally(List.of(), List.of());

    public ErrorClassTally {
        rows = rows == null ? List.of() : List.copyOf(rows);
        perSecond = perSecond == null ? List.of() : List.copyOf(perSecond);
    }

    /** @param key the class, and a 5xx's status and cause: {@code HTTP 5xx: 503 db_pool_timeout} */
    public record Row(String key, String errorClass, String side, String limit, long count) {

        Row withCount(long newCount) {
            return new Row(key, errorClass, side, limit, newCount);
        }
    }

    /** @param counts each row's failures in this second, by its key */
    public record Second(long second, Map<String, Long> counts) {}

    public long total() {
        return rows.stream().mapToLong(Row::count).sum();
    }
}
