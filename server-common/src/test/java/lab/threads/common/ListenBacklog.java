package lab.threads.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/** The kernel's word on a listening socket's queue: what a server's backlog really became. */
public final class ListenBacklog {
    private ListenBacklog() {}

    /**
     * The listen queue the kernel gave a port (the Send-Q that {@code ss -lt} shows for a listening socket); empty
     * where {@code ss} is missing.
     */
    public static OptionalInt of(int port) throws IOException, InterruptedException {
        Process ss;
        try {
            ss = new ProcessBuilder("ss", "-ltnH", "sport = :" + port)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException noSs) {
            return OptionalInt.empty();
        }
        String output = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!ss.waitFor(10, TimeUnit.SECONDS) || ss.exitValue() != 0 || output.isEmpty()) {
            return OptionalInt.empty();
        }
        // LISTEN <Recv-Q> <Send-Q> <local address> <peer address>
        return OptionalInt.of(
                Integer.parseInt(output.lines().findFirst().orElseThrow().trim().split("\\s+")[2]));
    }
}
