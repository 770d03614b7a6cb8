/**
 * Summarises a run and writes its report; the runner's entry points. {@link ServerSummary#from} reads one server's
 * folder into its row, {@link RunReport} holds a run's rows with its plan and metadata, and
 * {@link ReportWriter#writeAll} writes summary.json, summary.csv, summary.md, charts.json, index.html and
 * headline.png. The parts sit in sub-packages by role: {@code raw} reads the files, {@code math} computes,
 * {@code verdict} judges, {@code chart} and {@code page} render, {@code runs} works across runs.
 */
package lab.threads.report;
