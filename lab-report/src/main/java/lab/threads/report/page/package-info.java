/**
 * The report's pages and tables of one run: index.html, summary.md, summary.csv and the console table, all rendered
 * from a {@link lab.threads.report.summary.RunReport}. Columns, text formats and sections are said once
 * ({@code SummaryTable}, {@code Cells}, {@code Section}) and rendered by {@code HtmlSection} and
 * {@code MarkdownSection}, so every rendering reads the same.
 */
package lab.threads.report.page;
