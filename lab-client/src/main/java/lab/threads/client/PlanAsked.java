package lab.threads.client;

import lab.threads.model.client.LoadClient;

/**
 * What a run asks of its client, for it to refuse before anything runs ({@link ChosenClient#check}).
 *
 * @param name        the plan's name, as the run says it
 * @param client      the client whose plan it is ({@link ClientPlan#client()}), the only one that runs it
 * @param workers     how many machines are to run the users besides this one ({@code --workers}), 0 for none
 * @param warmupUsers the users of an unmeasured load before the measured one ({@code --warmup-users}), 0 for none
 * @param guestBody   whether a guest's answers must hold a substring of their body ({@code --expect-body},
 *                    {@link GuestProperties#EXPECT_BODY}) to count as successes
 * @param guestHttps  whether a guest is reached over https
 */
public record PlanAsked(
        String name, LoadClient client, int workers, int warmupUsers, boolean guestBody, boolean guestHttps) {}
