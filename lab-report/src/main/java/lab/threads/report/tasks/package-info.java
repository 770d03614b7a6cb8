/**
 * {@code ./lab tasks}: the executor alone, as seeds 000, 001 and 003 ran it; each (seed, model)'s repeats with the
 * median and range of each {@link lab.threads.report.tasks.TaskFigure}, written as tasks.json, tasks.md and a page.
 */
package lab.threads.report.tasks;
