package lab.threads.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The lab's JFR settings, {@code lab.jfc}: what {@code --profile} records, for the runner and the report alike. */
public final class JfrSettings {

    public static final String FILE = "lab.jfc";

    private JfrSettings() {}

    /** Writes lab.jfc into {@code dir}, where a JVM's {@code settings=} can name it. @return its path */
    public static Path copyTo(Path dir) throws IOException {
        Path jfc = Files.createDirectories(dir).resolve(FILE);
        try (InputStream settings = JfrSettings.class.getResourceAsStream(FILE)) {
            Files.copy(settings, jfc, StandardCopyOption.REPLACE_EXISTING);
        }
        return jfc;
    }
}
