package lab.threads.runner.process;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import lab.threads.common.Variant;

/** The checkout the runner belongs to: where the server jars are built. */
public final class LabHome {
    private LabHome() {}

    /** Walks up from the runner's own jar or classes folder to the folder holding the server modules. */
    public static Path locate() {
        try {
            Path start = Path.of(LabHome.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                if (Files.isDirectory(dir.resolve(Variant.VIRTUAL.id()))) {
                    return dir;
                }
            }
        } catch (URISyntaxException | SecurityException e) {
            // fall through to the working directory
        }
        return Path.of("").toAbsolutePath();
    }

    /** A client module's jar, e.g. client-hyperfoil/target/client-hyperfoil.jar. */
    public static Path clientJar(Path home, String module) {
        return home.resolve(module).resolve("target").resolve(module + ".jar");
    }

    public static Path serverJar(Path home, Variant variant) {
        return home.resolve(variant.id()).resolve("target").resolve(variant.id() + ".jar");
    }
}
