/**
 * One load over several client processes: how many the plan's connections need ({@code --client-processes}), and their
 * files merged into the one client's the report reads.
 */
package lab.threads.runner.client;
