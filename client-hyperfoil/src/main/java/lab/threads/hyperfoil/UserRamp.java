package lab.threads.hyperfoil;

/**
 * A closed plan's users as JMeter starts them: user k of n at {@code rampup x k / n}, each sending {@code loops}
 * requests on a connection of its own, as a phase of evenly spaced arrivals. A late event loop starts what it owes late
 * and stops owing at the phase's end, so the phase may outrun the ramp ({@link #phaseMs}) and {@link UserLedger} admits
 * exactly {@code count}.
 *
 * @param rampupMs over which they start; 0: all at once
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

    boolean atOnce() {
        return rampupMs == 0 || count == 1;
    }

    double usersPerSecond() {
        return count * 1000.0 / rampupMs;
    }

    /**
     * How long the phase may start users: the ramp and as long again (at least {@link #LATE_STARTS_MS}) for late
     * arrivals; a bound, as the phase ends at the last user's start.
     */
    long phaseMs() {
        return rampupMs + Math.max(LATE_STARTS_MS, rampupMs);
    }
}
