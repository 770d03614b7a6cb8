package lab.threads.runner.outside;

import java.util.Locale;
import java.util.Optional;

/**
 * A listening socket's accept queue: connections the kernel completed and the server has not yet accepted; two
 * listeners on one port (IPv4 and IPv6) are added up.
 *
 * @param queued Recv-Q of a LISTEN socket ({@code ss}, inet_diag's {@code idiag_rqueue}, /proc/net/tcp's rx_queue)
 * @param backlog Send-Q: min(backlog asked, somaxconn); null from /proc/net/tcp, which does not show it
 */
public record AcceptQueue(long queued, Long backlog) {

    private static final String LISTEN_STATE = "0A";

    /** From {@code ss -ltnH 'sport = :PORT'}: {@code LISTEN 5 4 [::ffff:127.0.0.1]:34741 *:*}. */
    static Optional<AcceptQueue> fromSs(String output) {
        AcceptQueue sum = null;
        for (String line : output.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length < 3 || !words[0].equals("LISTEN")) {
                continue;
            }
            try {
                sum = add(sum, new AcceptQueue(Long.parseLong(words[1]), Long.parseLong(words[2])));
            } catch (NumberFormatException notAQueue) {
                // a line of another shape: skip it
            }
        }
        return Optional.ofNullable(sum);
    }

    /**
     * From {@code /proc/net/tcp} or {@code tcp6}: the LISTEN lines ({@code st} 0A) on {@code port}, ports and queues in
     * hex.
     */
    static Optional<AcceptQueue> fromProcNetTcp(String text, int port) {
        String portSuffix = ":" + String.format(Locale.ROOT, "%04X", port);
        AcceptQueue sum = null;
        for (String line : text.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length < 5
                    || !words[3].equals(LISTEN_STATE)
                    || !words[1].toUpperCase(Locale.ROOT).endsWith(portSuffix)) {
                continue;
            }
            String[] txRx = words[4].split(":");
            try {
                sum = add(sum, new AcceptQueue(Long.parseLong(txRx[1], 16), null));
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException notAQueue) {
                // a line of another shape: skip it
            }
        }
        return Optional.ofNullable(sum);
    }

    /** Two listeners on one port as one; {@code sum} null for none yet. */
    static AcceptQueue add(AcceptQueue sum, AcceptQueue more) {
        if (sum == null) {
            return more;
        }
        Long backlog =
                sum.backlog == null ? more.backlog : more.backlog == null ? sum.backlog : sum.backlog + more.backlog;
        return new AcceptQueue(sum.queued + more.queued, backlog);
    }
}
