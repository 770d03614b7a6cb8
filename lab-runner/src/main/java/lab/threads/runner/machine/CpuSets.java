package lab.threads.runner.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import lab.threads.runner.outside.CpuList;

/**
 * {@code --cpus}: the cores each side owns. {@code shared} (the default) leaves both on every core; {@code
 * server=1,client=0} pins the servers and the JMeter fork to disjoint CPU sets with {@code taskset}, so neither side
 * steals the other's CPU.
 *
 * @param server the server's CPU list (Linux syntax: {@code 1}, {@code 2-3}, {@code 0,2}); null: not pinned
 * @param client the forked JMeter's CPU list; null: not pinned
 */
public record CpuSets(String server, String client) {
    static final CpuSets SHARED = new CpuSets(null, null);
    private static final Pattern SIDE = Pattern.compile("(server|client)=(\\d+(?:-\\d+)?(?:,\\d+(?:-\\d+)?)*)");

    /** Parses and checks {@code --cpus} against the CPUs this process may use; throws with what to do. */
    public static CpuSets parse(String value, BitSet allowed, boolean tasksetInstalled) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        if (text.equals("shared")) {
            return SHARED;
        }
        String server = null;
        String client = null;
        // A CPU list has commas of its own: a side starts only where "server=" or "client=" does.
        for (String part : text.split(",(?=(?:server|client)=)")) {
            Matcher side = SIDE.matcher(part);
            if (!side.matches() || (side.group(1).equals("server") ? server : client) != null) {
                throw new IllegalArgumentException(
                        "--cpus must be shared or server=<cpus>,client=<cpus> with Linux CPU lists, "
                                + "e.g. --cpus server=1,client=0 or server=2-3,client=0-1; got '" + value + "'.");
            }
            if (side.group(1).equals("server")) {
                server = side.group(2);
            } else {
                client = side.group(2);
            }
        }
        for (String list : new String[] {server, client}) {
            if (list != null && !subset(CpuList.cpus(list), allowed)) {
                throw new IllegalArgumentException(
                        "--cpus " + value + ": CPU(s) " + list + " are not all among the CPUs this "
                                + "process may use (" + describe(allowed) + "): pick from those.");
            }
        }
        if (server != null && client != null && CpuList.cpus(server).intersects(CpuList.cpus(client))) {
            throw new IllegalArgumentException(
                    "--cpus " + value + ": the server's and the client's CPUs overlap; give each side "
                            + "its own (e.g. server=1,client=0), or use shared.");
        }
        if (!tasksetInstalled) {
            throw new IllegalArgumentException("--cpus pins with taskset, which is not installed: install util-linux "
                    + "(Debian: apt-get install util-linux), or use --cpus shared.");
        }
        return new CpuSets(server, client);
    }

    /** The CPUs this process may run on ({@code Cpus_allowed_list} of /proc/self/status); the JVM's count elsewhere. */
    public static BitSet allowedHere() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return CpuList.cpus(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // fall through
        }
        BitSet all = new BitSet();
        all.set(0, Runtime.getRuntime().availableProcessors());
        return all;
    }

    public static boolean tasksetOnPath() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    public boolean shared() {
        return server == null && client == null;
    }

    /** The words of the metadata, the plan line and the report: "shared: 2 cores" or "server: CPU 1, client: CPU 0". */
    public String describe(int machineCores) {
        if (shared()) {
            return "shared: " + machineCores + " cores";
        }
        return "server: " + side(server) + ", client: " + side(client);
    }

    /** What goes before the server's command line: {@code taskset -c <cpus>}, or nothing. */
    public List<String> serverLauncher() {
        return launcher(server);
    }

    /** What goes before the forked JMeter's command line. */
    public List<String> clientLauncher() {
        return launcher(client);
    }

    private static List<String> launcher(String list) {
        return list == null ? List.of() : List.of("taskset", "-c", list);
    }

    private static String side(String list) {
        if (list == null) {
            return "any CPU";
        }
        return (CpuList.cpus(list).cardinality() == 1 ? "CPU " : "CPUs ") + list;
    }

    private static boolean subset(BitSet cpus, BitSet of) {
        BitSet outside = (BitSet) cpus.clone();
        outside.andNot(of);
        return outside.isEmpty() && !cpus.isEmpty();
    }

    private static String describe(BitSet cpus) {
        return cpus.stream()
                .mapToObj(Integer::toString)
                .reduce((a, b) -> a + "," + b)
                .orElse("none");
    }
}
