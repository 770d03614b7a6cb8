package lab.threads.runner.outside;

import java.util.Locale;
import java.util.Optional;

/**
 * A listening socket's accept queue: connections whose handshake the kernel completed and the server has not yet
 * accepted. A dual-stack listener shows once; two listeners on one port (IPv4 and IPv6) are added up.
 *
 * @param queued  Recv-Q of a LISTEN socket in {@code ss}, {@code idiag_rqueue} in inet_diag, rx_queue in
 *                {@code /proc/net/tcp}
 * @param backlog Send-Q of a LISTEN socket in {@code ss}, {@code idiag_wqueue} in inet_diag: min(backlog asked,
 *                somaxconn); null from /proc/net/tcp, which does not show it
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
     * From {@code /proc/net/tcp} or {@code tcp6}: the LISTEN lines ({@code st} 0A) whose local port is {@code port},
     * e.g. {@code 0: 0000...0100007F:87B5 0000...:0000 0A 00000000:00000005 ...} (ports and queues in hex).
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
