/**
 * The JVMs the runner starts, watches and stops: a server under test from its jar on the chosen JDK, the backends its
 * waits need (a database, a downstream), one executor batch of {@code ./lab tasks}, one probe of {@code ./lab
 * pinning}; and where the checkout and its jars are.
 */
package lab.threads.runner.process;
