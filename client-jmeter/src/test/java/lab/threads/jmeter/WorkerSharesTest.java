package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import lab.threads.jmeter.workers.WorkerAddresses;
import org.junit.jupiter.api.Test;

/** How a distributed run splits its users over the workers, and how the workers' addresses are read. */
class WorkerSharesTest {
    @Test
    void usersAreSpreadWithTheRemainderOnTheFirstWorkers() {
        assertEquals(List.of(7, 7, 6), WorkersLoad.shares(20, 3));
        assertEquals(List.of(1, 1), WorkersLoad.shares(2, 2));
        assertThrows(IllegalArgumentException.class, () -> WorkersLoad.shares(1, 2));
    }

    @Test
    void workerAddressesTakeADefaultPortAndNamesResolveToEveryAddress() {
        assertEquals(
                List.of("10.0.0.5:1099", "10.0.0.6:2000"),
                WorkerAddresses.resolve(List.of("10.0.0.5", " 10.0.0.6:2000", "10.0.0.5:1099")));
        assertEquals(List.of("127.0.0.1:1100"), WorkerAddresses.resolve(List.of("dns:localhost:1100")));
    }
}
