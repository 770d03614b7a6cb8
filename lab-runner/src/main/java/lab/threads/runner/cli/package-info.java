/**
 * What every command line of the lab shares, at the bottom of the runner so that each {@code main} may use it: a
 * command's failure in one line ({@link OneLineErrors}).
 */
package lab.threads.runner.cli;
