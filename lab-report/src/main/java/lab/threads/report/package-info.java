/**
 * Summarises a run and writes its report; the runner's one door into the report (RunnerReportDoorTest): it names this
 * package and no other of the report. {@link CaseReport} is one case while it runs (its run.json, each server's row as
 * its turn ends, the report after each, the terminal's table, a sweep's page), {@link RunRewrite} a run redone from its
 * files ({@code ./lab report}), {@link Reports} the rest (the index of runs, a comparison, a soak's check, the pages of
 * {@code ./lab tasks} and {@code ./lab pinning}); what the runner passes in is lab-run-model's ({@code RunFolder},
 * {@code PlanShape}, {@code RunOutcome}), what it gets back this package's ({@link ServerFigures}). Inside, {@link
 * lab.threads.report.summary.ServerSummary#from} reads one server's folder into its row, {@link
 * lab.threads.report.summary.RunReport} holds a run's rows with its plan and metadata, and {@link ReportWriter#writeAll}
 * writes summary.json, summary.csv, summary.md, charts.json, index.html and headline.png.
 *
 * <p>The parts sit in sub-packages by role, in one order, bottom first: {@code raw} reads the files (their names are
 * lab-run-model's {@code RunFolder}), {@code math} computes (and formats numbers, {@code Numbers}), {@code verdict} judges, {@code
 * summary} holds a server's row and a run's report, {@code chart} and {@code page} render, {@code runs} works across
 * runs, {@code tasks} reports {@code ./lab tasks}, {@code pinning} reports {@code ./lab pinning}, and this package
 * calls them. A package uses only those before it; {@code PackageOrderTest.ORDER} is the order, and a new package
 * takes one line in it.
 */
package lab.threads.report;
