package lab.threads.runner.outside;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LocalWorkersTest {
    private static final String SS = """
            LISTEN 0 50 127.0.0.2:1099 0.0.0.0:* users:(("java",pid=4101,fd=12))
            LISTEN 0 50 127.0.0.3:1099 0.0.0.0:* users:(("java",pid=4102,fd=12))
            LISTEN 0 50 *:21101 *:* users:(("java",pid=4200,fd=9),("java",pid=4200,fd=10))
            LISTEN 0 4096 127.0.0.1:8083 0.0.0.0:* users:(("java",pid=5000,fd=7))
            """;

    @Test
    void theWorkersAreTheListenersOfTheirAddressOrOfTheirPortOnEveryAddress() {
        assertEquals(List.of(4101L), LocalWorkers.pids(SS, List.of("127.0.0.2:1099")));
        assertEquals(List.of(4200L), LocalWorkers.pids(SS, List.of("127.0.0.1:21101")));
        assertEquals(List.of(), LocalWorkers.pids(SS, List.of("127.0.0.4:1099")));
    }

    @Test
    void aWorkerOfAnotherMachineIsNotLookedFor() {
        assertEquals(List.of(), LocalWorkers.pids(List.of("192.0.2.1:1099")));
    }
}
