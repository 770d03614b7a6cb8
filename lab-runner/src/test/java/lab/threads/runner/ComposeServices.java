package lab.threads.runner;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/** The services of docker-compose.yml, as the tests read them. */
final class ComposeServices {
    /**
     * Every service reuses the file's anchors ({@code *server}, {@code *bench}, ...): thirteen variants and their
     * benches pass SnakeYAML's default guard of 50 aliases, which exists against untrusted "billion laughs" files.
     */
    private static final int MAX_ALIASES = 1_000;

    private ComposeServices() {}

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> of(Path labHome) throws IOException {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        try (Reader reader = Files.newBufferedReader(labHome.resolve("docker-compose.yml"))) {
            return (Map<String, Map<String, Object>>)
                    new Yaml(options).<Map<String, Object>>load(reader).get("services");
        }
    }
}
