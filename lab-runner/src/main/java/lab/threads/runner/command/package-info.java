/**
 * The commands beside a run, each a main of its own: {@code ./lab compare} and {@code ./lab report} over runs already
 * made, {@code ./lab tasks} and {@code ./lab pinning}, measurements of their own in the results folder.
 */
package lab.threads.runner.command;
