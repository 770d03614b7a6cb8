package lab.threads.runner.outside;

import java.util.HashMap;
import java.util.Map;

/**
 * The kernel's cumulative TCP counters that tell a full listen queue, from {@code /proc/<pid>/net/netstat} and {@code
 * snmp}, each a pair of lines (names, values) per group; a counter the kernel lacks is null.
 *
 * @param listenOverflows SYNs or handshake ACKs that met a full accept queue
 * @param listenDrops everything a listener dropped, overflows included
 * @param tcpSynRetrans SYNs this namespace's clients sent again (a dropped SYN is retried after 1 s)
 */
public record NetCounters(Long listenOverflows, Long listenDrops, Long tcpSynRetrans, Long retransSegs) {

    static NetCounters parse(String netstat, String snmp) {
        Map<String, Long> counters = pairs(netstat);
        counters.putAll(pairs(snmp));
        return new NetCounters(
                counters.get("TcpExt.ListenOverflows"),
                counters.get("TcpExt.ListenDrops"),
                counters.get("TcpExt.TCPSynRetrans"),
                counters.get("Tcp.RetransSegs"));
    }

    /** {@code Group.Name -> value} of every names/values pair of lines; a value that is not a number is left out. */
    static Map<String, Long> pairs(String text) {
        Map<String, Long> counters = new HashMap<>();
        String[] lines = text.split("\n");
        for (int i = 0; i + 1 < lines.length; i += 2) {
            String[] names = lines[i].strip().split("\\s+");
            String[] values = lines[i + 1].strip().split("\\s+");
            if (names.length != values.length || !names[0].equals(values[0])) {
                continue;
            }
            String group = names[0].substring(0, names[0].length() - 1);
            for (int j = 1; j < names.length; j++) {
                try {
                    counters.put(group + "." + names[j], Long.parseLong(values[j]));
                } catch (NumberFormatException notACount) {
                    // e.g. a negative MaxConn is fine, anything else is not a counter
                }
            }
        }
        return counters;
    }
}
