/**
 * This machine as a load meets it: its limits (open files, threads, local ports, backlog), the cores each side owns
 * ({@code --cpus}), and the CPU a request costs here, which the capacity forecast multiplies.
 */
package lab.threads.runner.machine;
