/**
 * One server's row of the report ({@link ServerSummary}, read from its folder by {@link ServerSummary#from}), how its
 * turn ended ({@link RunOutcome}) and a run's rows with its plan and metadata ({@link RunReport}, what summary.json
 * holds). Built from {@code raw}, {@code math} and {@code verdict}; read by every package that renders or compares.
 */
package lab.threads.report.summary;
