/**
 * The report's pages and tables of one run: index.html and its sections, summary.md, summary.csv and the console
 * table, all rendered from a {@link lab.threads.report.summary.RunReport}. The columns and text formats are defined
 * once ({@code SummaryTable}, {@code Cells}, over {@code math.Numbers}), so every rendering reads the same.
 */
package lab.threads.report.page;
