/**
 * The summary math over the samples: JMeter's Summary and Aggregate Report figures by its own formulas, and where each
 * request's time went once joined with the server's record. The accumulators consume samples as samples.jtl streams
 * past, so a file of any size is read once.
 */
package lab.threads.report.math;
