/**
 * The JMeter home on disk ({@link lab.threads.jmeter.home.JMeterHome}): what the fork (the controller,
 * {@code lab.threads.jmeter}) and a worker ({@code lab.threads.jmeter.workers}) both read before JMeter starts. It
 * sits below both, so the fork uses the workers' RMI and the workers never name the fork.
 */
package lab.threads.jmeter.home;
