package lab.threads.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import lab.threads.common.LabServer;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;

class ThreadCreationFailureTest {

    @Test
    void noNativeThreadAnswers503CountsItAndKeepsServing() {
        AtomicBoolean exhausted = new AtomicBoolean(true);
        // What Thread.start throws when the OS refuses a thread; later requests find threads again.
        Executor flaky = task -> {
            if (exhausted.getAndSet(false)) {
                throw new OutOfMemoryError(
                        "unable to create native thread: possibly out of memory or process/resource limits reached");
            }
            Thread.ofPlatform().start(task);
        };
        SleepContract contract =
                new SleepContract(Variant.PLATFORM, ServerSettings.parse(Variant.PLATFORM, "--port=0"));
        LabServer server = UndertowLabServer.start(contract, flaky);
        try {
            TestHttp http = new TestHttp(server.port());

            TestHttp.Answer refused = http.get("/sleep?ms=1");
            assertEquals(503, refused.status());
            assertEquals("thread_unavailable", refused.json().get("error").asText());
            assertTrue(refused.json().get("message").asText().contains("unable to create native thread"));
            assertEquals(1, http.get("/stats").json().get("failed").asLong());

            assertEquals(200, http.get("/sleep?ms=1").status(), "still serving once threads can be made again");
            assertEquals(200, http.get("/health").status());
        } finally {
            server.stop();
        }
    }
}
