package lab.threads.client;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Finds the client programs on the classpath, one for each line of {@link LoadClient}: the runner's one way to a
 * client. ClientRegistryTest checks that each line has exactly one.
 */
public final class ClientPrograms {

    private ClientPrograms() {}

    /** Every program on the classpath, in the registry's order. */
    public static List<ClientProgram> all() {
        return ServiceLoader.load(ClientProgram.class).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(ClientProgram::client))
                .toList();
    }

    /** The program of a registry line. */
    public static ClientProgram of(LoadClient client) {
        return all().stream()
                .filter(program -> program.client() == client)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no program of the client " + client.id()
                        + " on the classpath: its module " + client.module() + " must be a dependency of the runner"));
    }

    /** {@code --client}'s value: the client it names, for the whole run. */
    public static ChosenClient choose(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        List<ClientProgram> programs = all();
        for (ClientProgram program : programs) {
            if (program.names().contains(name)) {
                return program.choose(name);
            }
        }
        List<String> names = programs.stream()
                .flatMap(program -> program.names().stream().map(program::usage))
                .toList();
        throw new IllegalArgumentException("--client must be "
                + String.join(", ", names.subList(0, Math.max(0, names.size() - 1)))
                + (names.size() > 1 ? " or " : "") + (names.isEmpty() ? "a client" : names.getLast()) + ", got '"
                + text + "'.");
    }
}
