/**
 * The per-second series of each server's run on one time axis (charts.json), read again from the raw files, and their
 * drawing: Chart.js inlined into index.html, and headline.png with JFreeChart.
 */
package lab.threads.report.chart;
