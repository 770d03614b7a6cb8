/** Works across runs from their summaries: the index of runs, comparisons, and the page of a sweep or repeats. */
package lab.threads.report.runs;
