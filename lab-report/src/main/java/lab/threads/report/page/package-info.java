/**
 * The report's pages and tables of one run: index.html and its sections, summary.md, summary.csv and the console
 * table, all rendered from a {@link lab.threads.report.summary.RunReport}. The columns and text formats are defined
 * once ({@code SummaryTable}, {@code Cells}, over {@code math.Numbers}), so every rendering reads the same. A section
 * is said once ({@code Section}: title, reading, tables, lists, verdicts) and rendered by {@code HtmlSection} and
 * {@code MarkdownSection}; the reports of {@code ./lab tasks} and {@code ./lab pinning} are {@code SectionPage}s of
 * such sections, in the frame of {@code PlainPage} that the run index and a comparison use too.
 */
package lab.threads.report.page;
