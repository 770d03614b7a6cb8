/**
 * The JMeter home on disk ({@link lab.threads.jmeter.home.JMeterHome}), which fork and workers read before JMeter
 * starts.
 */
package lab.threads.jmeter.home;
