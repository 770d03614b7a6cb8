/**
 * JMeter as the lab's client ({@link lab.threads.jmeter.JMeterProgram}, its line of the registry of clients): the
 * fork the runner starts for each load ({@link lab.threads.jmeter.JMeterFork}), the program it runs
 * ({@link lab.threads.jmeter.JMeterMain}: a .jmx plan, its users on virtual threads or on stock JMeter's platform
 * threads, locally or over its workers) and what it records. The packages read one way down: {@code home}, then
 * {@code workers}, then this one (JMeterPackagesOrderTest).
 */
package lab.threads.jmeter;
