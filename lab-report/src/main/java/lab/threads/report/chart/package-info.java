/**
 * The per-second series of each server's run on one time axis, as charts.json holds them, and their drawing: Chart.js
 * inlined into index.html with this package's charts.js, and headline.png drawn with JFreeChart. The series are read
 * again from the servers' raw files, second by second, not from the summary.
 */
package lab.threads.report.chart;
