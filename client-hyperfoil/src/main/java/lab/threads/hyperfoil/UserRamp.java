package lab.threads.hyperfoil;

/**
 * A closed plan's users as JMeter's thread group starts them (the talk and smoke plans): {@code count} users, user k of
 * n starting at {@code rampup x k / n}, each sending {@code loops} requests one after another on a keep-alive
 * connection it opens itself. Hyperfoil starts them as a phase of arrivals at a constant, evenly spaced rate of
 * {@code count / rampup} a second. An event loop that falls behind (a busy machine) starts the arrivals it owes late,
 * all at once, and stops owing them when the phase's time is up: so the phase may run well past the ramp
 * ({@link #phaseMs}), and {@link UserLedger} admits exactly {@code count} arrivals and ends the phase at the last.
 *
 * @param count    the users of this process
 * @param rampupMs over which they start; 0: all at once
 * @param loops    each user's requests
 */
record UserRamp(int count, long rampupMs, int loops) {

    /** The least time past the ramp a late event loop has to start the users it owes. */
    static final long LATE_STARTS_MS = 10_000;

    UserRamp {
        if (count < 1 || loops < 1 || rampupMs < 0) {
            throw new IllegalArgumentException("users and loops must be at least 1 and the ramp-up 0 or more, got "
                    + count + " users, " + loops + " loops, " + rampupMs + " ms");
        }
    }

    /** Whether every user starts at once. */
    boolean atOnce() {
        return rampupMs == 0 || count == 1;
    }

    /** The users started a second during the ramp. */
    double usersPerSecond() {
        return count * 1000.0 / rampupMs;
    }

    /**
     * How long the phase may start users: the ramp, and as long again (at least {@link #LATE_STARTS_MS}) for the
     * arrivals a late event loop still owes. The phase ends at the last user's start, so this is a bound, not a wait.
     */
    long phaseMs() {
        return rampupMs + Math.max(LATE_STARTS_MS, rampupMs);
    }

    /** Every request the plan sends: what the records must add up to. */
    long requests() {
        return (long) count * loops;
    }
}
