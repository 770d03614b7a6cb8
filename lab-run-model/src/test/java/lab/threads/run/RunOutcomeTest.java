package lab.threads.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import lab.threads.model.client.LoadClient;
import org.junit.jupiter.api.Test;

/** summary.json keeps an outcome's words alone: its kind is read back from how they begin. */
class RunOutcomeTest {

    @Test
    void eitherClientsFailureIsReadBackAsTheClientsAndJMetersExit3AsNoDashboard() {
        for (LoadClient client : LoadClient.values()) {
            String words = client.label() + " ended with exit code 2: see hyperfoil.log";
            assertEquals(
                    RunOutcome.Kind.CLIENT_FAILED, RunOutcome.fromWords(words).kind(), words);
        }
        assertEquals(
                RunOutcome.Kind.NO_DASHBOARD,
                RunOutcome.fromWords("JMeter ended with exit code 3: its plan ran to the end")
                        .kind());
        assertEquals(
                RunOutcome.Kind.RUNNER_FAILED,
                RunOutcome.fromWords("something else").kind());
    }
}
