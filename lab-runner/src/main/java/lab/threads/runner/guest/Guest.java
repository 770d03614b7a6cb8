package lab.threads.runner.guest;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A guest: an HTTP service the lab did not write, loaded at its own URL. Without the lab's contract the run measures
 * what needs no cooperation: the client's figures, the kernel's view of its port and its process from outside.
 *
 * @param pid its running process ({@code --target-pid}); null when none was given
 * @param command what the lab starts for it and stops after ({@code --target-command}); null when it runs already
 */
public record Guest(String name, URI url, Long pid, String command) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * The guests of a run from its options ({@code --target}, {@code --target-pid}, {@code --target-command}), none
     * named as {@code reserved}.
     *
     * @throws IllegalArgumentException the first problem, in one line that says what to do
     */
    public static List<Guest> of(
            Map<String, URI> urls, Map<String, Long> pids, Map<String, String> commands, Set<String> reserved) {
        for (String name : pids.keySet()) {
            needsUrl("--target-pid", name, urls);
        }
        for (String name : commands.keySet()) {
            needsUrl("--target-command", name, urls);
            if (pids.containsKey(name)) {
                throw new IllegalArgumentException("--target-pid " + name + "=... and --target-command " + name
                        + "=... both name the guest's process: give one (the pid of a service that runs already, or "
                        + "the command the lab starts).");
            }
        }
        List<Guest> guests = new ArrayList<>();
        for (Map.Entry<String, URI> entry : new LinkedHashMap<>(urls).entrySet()) {
            String name = entry.getKey();
            if (!NAME.matcher(name).matches() || reserved.contains(name)) {
                throw new IllegalArgumentException("--target " + name + "=...: a guest's name must be letters, digits, "
                        + "'.', '_' or '-' (its folder in the run) and none of the lab's server names; e.g. "
                        + "--target my-service=" + entry.getValue() + ".");
            }
            guests.add(new Guest(
                    name,
                    checkedUrl(name, entry.getValue()),
                    pid(name, pids.get(name)),
                    command(name, commands.get(name))));
        }
        return List.copyOf(guests);
    }

    /** The path and query every request carries, as given ({@code /} when the URL has none). */
    public String pathAndQuery() {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }

    /** Its port, the scheme's default when the URL names none. */
    public int port() {
        return url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
    }

    /** Its URL with the port always written, which the clients take apart into host, port and path. */
    public URI base() {
        return URI.create(url.getScheme() + "://" + url.getHost() + ":" + port());
    }

    /** How the run knows its process, for the run's lines and its metadata. */
    public String process() {
        if (command != null) {
            return "started by the lab: " + command;
        }
        return pid != null ? "pid " + pid : "no process given (--target-pid or --target-command): no process figures";
    }

    private static void needsUrl(String option, String name, Map<String, URI> urls) {
        if (!urls.containsKey(name)) {
            throw new IllegalArgumentException(option + " " + name + "=... names no guest: give its URL too, "
                    + "--target " + name + "=http://127.0.0.1:<port>/<path>.");
        }
    }

    private static URI checkedUrl(String name, URI url) {
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme())) || url.getHost() == null) {
            throw new IllegalArgumentException(
                    "--target " + name + "=" + url + ": give an http:// or https:// URL with "
                            + "a host, e.g. http://127.0.0.1:8080/api/orders?id=1.");
        }
        return url;
    }

    private static Long pid(String name, Long pid) {
        if (pid != null
                && (pid <= 0
                        || ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty())) {
            throw new IllegalArgumentException("--target-pid " + name + "=" + pid + ": no process " + pid
                    + " runs here: give the pid of the running service (e.g. pgrep -f <its command>), or leave "
                    + "--target-pid out to measure it by its URL alone.");
        }
        return pid;
    }

    private static String command(String name, String command) {
        if (command != null && command.isBlank()) {
            throw new IllegalArgumentException("--target-command " + name + "= is empty: give the command that starts "
                    + "the service, e.g. --target-command " + name + "=\"java -jar app.jar\".");
        }
        return command;
    }
}
