/**
 * The program {@code ./lab tasks} forks, one JVM per (seed, model, repeat): a batch of tasks on one executor, no
 * HTTP, so what the threading model alone costs shows. {@link lab.threads.tasks.TasksMain} reads a
 * {@link lab.threads.tasks.TaskSpec}, {@link lab.threads.tasks.TaskBatch} runs it, and the fork's stdout carries
 * {@link lab.threads.tasks.TaskProgress} lines and one {@link lab.threads.tasks.TaskOutcome} line for the runner.
 */
package lab.threads.tasks;
