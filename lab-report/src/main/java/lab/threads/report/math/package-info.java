/**
 * The summary math over JMeter's samples: the Summary Report and Aggregate Report figures with JMeter's own formulas,
 * the plan's ideal and how close a run came to it, and where each request's time went once joined with the server's
 * record of it. The accumulators consume samples as samples.jtl streams past, so a file of any size is read once.
 * {@link Numbers} writes a number the one way every page and sentence of the report does.
 */
package lab.threads.report.math;
