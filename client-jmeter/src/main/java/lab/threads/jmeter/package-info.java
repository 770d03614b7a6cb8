/**
 * JMeter as the lab's client ({@link lab.threads.jmeter.JMeterProgram}): the fork per load ({@link
 * lab.threads.jmeter.JMeterFork}), the program it runs ({@link lab.threads.jmeter.JMeterMain}) and what it records. The
 * packages read one way down: {@code home}, {@code workers}, this one (JMeterPackagesOrderTest).
 */
package lab.threads.jmeter;
