package lab.threads.hyperfoil;

/**
 * A closed plan's users as JMeter's thread group starts them (the talk and smoke plans): {@code count} users, user k of
 * n starting at {@code rampup x k / n}, each sending {@code loops} requests one after another on a keep-alive
 * connection it opens itself. Hyperfoil starts them as a phase of arrivals at a constant, evenly spaced rate of
 * {@code count / rampup} a second; the phase runs one arrival longer than the ramp so that no rounding of its clock
 * leaves a user out, and {@link UserLedger} admits exactly {@code count} of its arrivals.
 *
 * @param count    the users of this process
 * @param rampupMs over which they start; 0: all at once
 * @param loops    each user's requests
 */
record UserRamp(int count, long rampupMs, int loops) {

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

    /** How long the phase starts users: the ramp and one more arrival's interval. */
    long phaseMs() {
        return rampupMs + (long) Math.ceil(1000.0 / usersPerSecond()) + 1;
    }

    /** Every request the plan sends: what the records must add up to. */
    long requests() {
        return (long) count * loops;
    }
}
