package lab.threads.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import org.junit.jupiter.api.Test;

class ClientShareTest {

    @Test
    void theSharesAddUpToTheTotalAndDifferByAtMostOne() {
        for (int count = 1; count <= 7; count++) {
            for (int total : new int[] {count, 10, 20_000, 20_001, 1_000_003}) {
                int sum = 0;
                int min = Integer.MAX_VALUE;
                int max = 0;
                for (int index = 1; index <= count; index++) {
                    ClientShare share = new ClientShare(index, count);
                    assertEquals(sum, share.offset(total), "the offset is the shares before it");
                    int part = share.of(total);
                    sum += part;
                    min = Math.min(min, part);
                    max = Math.max(max, part);
                }
                assertEquals(total, sum, total + " over " + count);
                assertTrue(max - min <= 1, total + " over " + count + ": " + min + ".." + max);
            }
        }
    }

    @Test
    void aSplitLoadsProcessesHaveIdPrefixesOfTheirOwnAWholeOneNone() {
        assertEquals("", ClientShare.WHOLE.prefix());
        assertFalse(ClientShare.WHOLE.split());
        Set<String> prefixes = new HashSet<>();
        for (int index = 1; index <= 3; index++) {
            prefixes.add(new ClientShare(index, 3).prefix());
        }
        assertEquals(3, prefixes.size());
        assertThrows(IllegalArgumentException.class, () -> new ClientShare(3, 2));
        assertThrows(IllegalArgumentException.class, () -> new ClientShare(0, 2));
    }

    @Test
    void aForkSaysReadyAndStartsOnGoOrNotAtAllWhenStdinEnds() {
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);
        assertTrue(ClientShare.awaitGo(new ByteArrayInputStream("noise\ngo\n".getBytes(StandardCharsets.UTF_8)), out));
        assertEquals(ClientShare.READY, said.toString(StandardCharsets.UTF_8).strip());
        assertFalse(ClientShare.awaitGo(new ByteArrayInputStream("noise\n".getBytes(StandardCharsets.UTF_8)), out));
    }

    @Test
    void aSplitLoadIsSharedOnceForEveryClientAndItsSharesAddUp() {
        Map<String, String> properties =
                new LinkedHashMap<>(Map.of("users", "20001", "rampup", "20", "loops", "3", "sleep_ms", "6000"));
        properties.put("rate", "1001");
        properties.put("connections", "7");
        LoadPlan whole = LoadPlan.read("p", "p", LoadClient.JMETER, PlanModel.CLOSED, properties);
        assertSame(whole, ClientShare.WHOLE.of(whole));
        long users = 0;
        long rate = 0;
        long connections = 0;
        int before = 0;
        for (int index = 1; index <= 3; index++) {
            LoadPlan part = new ClientShare(index, 3).of(whole);
            assertEquals(before, part.firstUser(), "its users come after the earlier processes'");
            before += (int) part.get(PlanKey.USERS, 0);
            users += part.get(PlanKey.USERS, 0);
            rate += part.get(PlanKey.RATE, 0);
            connections += part.get(PlanKey.CONNECTIONS, 0);
            assertEquals(3, part.get(PlanKey.LOOPS, 0), "what is not the load's size stays");
            assertEquals(6_000, part.get(PlanKey.SLEEP_MS, 0));
        }
        assertEquals(20_001, users);
        assertEquals(1_001, rate);
        assertEquals(7, connections);
    }
}
