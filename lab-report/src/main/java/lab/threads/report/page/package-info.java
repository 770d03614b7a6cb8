/**
 * The report's pages and tables of one run: index.html and its sections, summary.md, summary.csv and the console
 * table, all rendered from a {@link lab.threads.report.summary.RunReport}. The columns and number formats are defined once
 * ({@code SummaryTable}, {@code Cells}), so every rendering reads the same.
 */
package lab.threads.report.page;
