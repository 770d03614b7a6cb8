/**
 * The runner's commands, each a main of its own: {@code ./lab run} (its options, the plan's among them, and the results
 * folder), {@code ./lab soak} (a run of the open plan, then judged), {@code ./lab compare} and {@code ./lab report} over
 * runs already made, {@code ./lab tasks} and {@code ./lab pinning}, measurements of their own in the results folder.
 */
package lab.threads.runner.command;
