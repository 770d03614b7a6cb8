/**
 * The JMeter home on disk ({@link JMeterHome}): what the fork (the controller, {@code runner.jmeter}) and a worker
 * ({@code runner.workers}) both read before JMeter starts. It sits below both, so the fork uses the workers' RMI and
 * the workers never name the fork.
 */
package lab.threads.runner.jmeterhome;
