/**
 * One server's row of the report ({@link lab.threads.report.summary.ServerSummary}, read from its folder by
 * {@link lab.threads.report.summary.ServerSummary#from}, with how its turn ended, lab-run-model's {@code RunOutcome}) and a
 * run's rows with its plan and metadata ({@link lab.threads.report.summary.RunReport}, what summary.json holds), and
 * the one registry of the figures read off a row ({@link lab.threads.report.summary.Figure}). Built
 * from {@code raw}, {@code math} and {@code verdict}; read by every package that renders or compares.
 */
package lab.threads.report.summary;
