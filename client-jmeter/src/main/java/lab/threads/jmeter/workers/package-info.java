/**
 * More load than one machine: JMeter workers ({@code ./lab worker}, {@link JMeterWorkerMain}) and how the fork, as
 * their controller, reaches them, over RMI with TLS both ways ({@link RmiSetup}, {@link RmiSockets}) on a keystore of
 * the lab's own ({@link RmiKeystore}, {@code ./lab rmi-keystore}). The fork's side of a distributed run, its engine
 * over the workers, is the top package's {@code WorkersLoad}. See docs/workers.md.
 */
package lab.threads.jmeter.workers;
