/**
 * One server's row of the report ({@link lab.threads.report.summary.ServerSummary#from} reads it from its folder), a
 * run's rows with its plan and metadata ({@link lab.threads.report.summary.RunReport}, summary.json), and the one
 * registry of the figures read off a row ({@link lab.threads.report.summary.Figure}).
 */
package lab.threads.report.summary;
