package lab.threads.report.verdict;

import java.util.List;
import java.util.Locale;
import lab.threads.report.raw.DatabaseSeries;

/** The database's own count of the servers' connections over the load, and the seconds it did not answer. */
public record DatabaseView(int peakConnections, int peakQueries, long downSeconds, Double downFromS, Double downToS) {

    /** @return null without the database's series */
    public static DatabaseView of(DatabaseSeries series, long loadStartMs) {
        if (series == null) {
            return null;
        }
        List<Long> down = series.downSpan();
        return new DatabaseView(
                series.peakConnections(),
                series.peakSleeping(),
                series.unanswered(),
                down.isEmpty() ? null : (down.getFirst() - loadStartMs) / 1000.0,
                down.isEmpty() ? null : (down.getLast() - loadStartMs) / 1000.0);
    }

    /** "PostgreSQL's own count: at most 10 connections, 10 in the query at once; it did not answer for 6 s (t = 12-18 s)". */
    public String words() {
        String count = String.format(
                Locale.ROOT,
                "PostgreSQL's own count (pg_stat_activity): at most %,d connection%s, %,d in the query at once",
                peakConnections,
                peakConnections == 1 ? "" : "s",
                peakQueries);
        return downFromS == null
                ? count
                : count
                        + String.format(
                                Locale.ROOT,
                                "; it did not answer for %d s (t = %.0f-%.0f s)",
                                downSeconds,
                                downFromS,
                                downToS);
    }
}
