/**
 * The server's own figures, read over HTTP while it runs: {@code /stats} about once a second, its per-second series at
 * the end, and {@code /stats/memory} at each plateau of a hold plan.
 */
package lab.threads.runner.stats;
