package lab.threads.client;

/**
 * What a run asks of its client, for it to refuse before anything runs ({@link ChosenClient#check}).
 *
 * @param name        the plan's name, as the run says it
 * @param jmx         whether the plan is a .jmx file's (else the plan of a client of its own, such as the throughput
 *                    plan)
 * @param workers     how many machines are to run the users besides this one ({@code --workers}), 0 for none
 * @param warmupUsers the users of an unmeasured load before the measured one ({@code --warmup-users}), 0 for none
 * @param guestBody   whether a guest's answers must hold a substring of their body ({@code --expect-body},
 *                    {@link GuestProperties#EXPECT_BODY}) to count as successes
 * @param guestHttps  whether a guest is reached over https
 */
public record PlanAsked(
        String name, boolean jmx, int workers, int warmupUsers, boolean guestBody, boolean guestHttps) {}
