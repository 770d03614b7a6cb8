/**
 * Works across runs, from their summaries and never from raw samples: results/index.html of every run in a folder,
 * the comparison of two runs or two sets of repeats ({@code ./lab compare}), and the top page of a sweep or of
 * repeats, each figure as the median with its range. {@link RunFiles} reads back what a run wrote (summary.json,
 * sweep.json), leniently enough for an older version of the lab's.
 */
package lab.threads.report.runs;
