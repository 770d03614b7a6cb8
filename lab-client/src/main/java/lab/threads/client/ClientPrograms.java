package lab.threads.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import lab.threads.model.client.LoadClient;
import lab.threads.model.plan.LoadPlan;

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

    public static ClientProgram of(LoadClient client) {
        return all().stream()
                .filter(program -> program.client() == client)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no program of the client " + client.id()
                        + " on the classpath: its module " + client.module() + " must be a dependency of the runner"));
    }

    /**
     * {@code --plan}'s value: a plan a client brings by that name, or a file one client reads as its own format.
     *
     * @throws IllegalArgumentException in one line naming the plans there are, when it is neither
     */
    public static LoadPlan plan(String nameOrFile) throws IOException {
        List<ClientProgram> programs = all();
        for (ClientProgram program : programs) {
            if (program.planNames().contains(nameOrFile)) {
                return program.plan(nameOrFile);
            }
        }
        List<String> names = programs.stream()
                .flatMap(program -> program.planNames().stream())
                .sorted()
                .toList();
        Path file = Path.of(nameOrFile);
        if (Files.isRegularFile(file)) {
            for (ClientProgram program : programs) {
                var read = program.planFile(file);
                if (read.isPresent()) {
                    return read.get();
                }
            }
            throw new IllegalArgumentException(
                    "No client reads '" + nameOrFile + "' as a plan. Use one of " + names + " or a .jmx file.");
        }
        throw new IllegalArgumentException(
                "Unknown plan '" + nameOrFile + "'. Use one of " + names + " or the path of a .jmx file.");
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
