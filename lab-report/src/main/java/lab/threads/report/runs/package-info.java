/**
 * Works across runs, from their summaries and never from raw samples: the index of runs, the comparison of two runs or
 * sets of repeats, and the top page of a sweep or of repeats.
 */
package lab.threads.report.runs;
