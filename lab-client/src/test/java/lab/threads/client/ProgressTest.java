package lab.threads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void parsesWhatAForkPrints() {
        Progress progress = new Progress(12, 3400, 2, 18000);

        assertEquals("progress elapsed_s=12 samples=3400 errors=2 active_users=18000", progress.format());
        assertEquals(Optional.of(progress), Progress.parse(progress.format()));
    }

    @Test
    void ignoresOtherLines() {
        assertEquals(Optional.empty(), Progress.parse("client threads=virtual thread_groups=1"));
        assertEquals(Optional.empty(), Progress.parse("progress elapsed_s=1 samples=2"));
        assertEquals(Optional.empty(), Progress.parse(null));
    }
}
