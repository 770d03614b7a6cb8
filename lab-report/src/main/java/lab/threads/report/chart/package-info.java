/** Each server's per-second series (charts.json), read again from the raw files, and their drawing. */
package lab.threads.report.chart;
