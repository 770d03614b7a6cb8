/**
 * More load than one machine: JMeter workers ({@code ./lab worker}, {@link JMeterWorkerMain}) and how the fork reaches
 * them, over RMI with TLS both ways ({@link RmiSetup}, {@link RmiSockets}) on the lab's keystore ({@link RmiKeystore}).
 * See docs/workers.md.
 */
package lab.threads.jmeter.workers;
