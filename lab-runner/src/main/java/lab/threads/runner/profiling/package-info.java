/**
 * What records a JVM the lab starts: {@code --profile}'s flags (JFR, async-profiler's agent from its own jar) and
 * {@code --native-memory-tracking}.
 */
package lab.threads.runner.profiling;
