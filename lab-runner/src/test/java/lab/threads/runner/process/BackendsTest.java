package lab.threads.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import lab.threads.model.wait.WaitKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run's waits need is started only for them, and one that cannot start refuses the run before its load. */
class BackendsTest {
    @TempDir
    Path dir;

    @Test
    void sleepsNeedNothingAndPointTheServersAtNothing() throws Exception {
        try (Backends backends = Backends.start(Set.of(WaitKind.SLEEP), 10, dir, dir, quiet())) {
            assertEquals(List.of(), backends.serverFlags());
        }
    }

    @Test
    void aDatabaseThatCannotStartIsBadInputThatSaysWhatToDo() {
        // A home without lab-database's jar: the database cannot be started.
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> Backends.start(Set.of(WaitKind.DB), 10, dir, dir, quiet()));
        assertTrue(refused.getMessage().contains("lab-database.jar is missing"), refused.getMessage());
        assertTrue(refused.getMessage().contains("./mvnw -B -q package -DskipTests"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("(refused before the load: nothing was measured)"));
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
