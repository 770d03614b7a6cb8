package lab.threads.common;

/**
 * What the contract decided for a request: either a {@link Reply} to send at once (health, stats, errors),
 * or a {@link SleepJob} that must run on the variant's own kind of thread.
 */
public sealed interface Outcome permits Reply, SleepJob {}
