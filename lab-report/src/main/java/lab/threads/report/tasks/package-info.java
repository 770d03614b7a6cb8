/**
 * {@code ./lab tasks}: the executor alone, as seeds 000, 001 and 003 ran it. {@link lab.threads.tasks.TaskSeed}
 * holds each seed's set-up and published figures; {@link lab.threads.tasks.TaskRun} is one fork's measurements
 * (inside and outside), {@link lab.threads.report.tasks.TaskCase} a (seed, model)'s repeats with the median and range
 * of each {@link lab.threads.report.tasks.TaskFigure}, {@link lab.threads.report.tasks.TasksReport} the run's
 * tasks.json, {@link lab.threads.report.tasks.TasksPage} its page, which the run index links.
 */
package lab.threads.report.tasks;
