package lab.threads.runner.profiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class NativeMemoryTrackingTest {

    @Test
    void summaryAddsTheJvmFlagAfterTheServersOwn() {
        assertEquals(
                List.of("-Xms1g", "-XX:NativeMemoryTracking=summary"),
                NativeMemoryTracking.parse("summary").applyTo(List.of("-Xms1g")));
    }

    @Test
    void offLeavesTheFlagsAsTheyAre() {
        assertEquals(List.of("-Xms1g"), NativeMemoryTracking.parse("OFF").applyTo(List.of("-Xms1g")));
    }

    @Test
    void aTrackingModeInTheServersFlagsIsKept() {
        List<String> flags = List.of("-XX:NativeMemoryTracking=detail");

        assertEquals(flags, NativeMemoryTracking.SUMMARY.applyTo(flags));
    }

    @Test
    void anotherModeIsRefusedNamingTheOption() {
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> NativeMemoryTracking.parse("detail"));
        assertEquals("--native-memory-tracking must be summary or off, got 'detail'.", refused.getMessage());
    }
}
