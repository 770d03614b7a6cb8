package lab.threads.jmeter.home;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * A JMeter home from the {@code ApacheJMeter_config} jar: JMeter reads its properties and report template from disk
 * only, and without {@code jmeter.properties} even the .jtl timeStamp changes meaning.
 */
public final class JMeterHome {

    private static final String CONFIG_MARKER = "bin/jmeter.properties";

    private JMeterHome() {}

    /**
     * Extracts the config jar's {@code bin/} into {@code home/bin} unless there; touches no JMeter class, so a parent
     * JVM can call it once for several forks.
     */
    public static Path extract(Path home) throws IOException {
        Path bin = home.resolve("bin");
        if (Files.isRegularFile(bin.resolve("jmeter.properties"))) {
            return bin;
        }
        Files.createDirectories(home);
        // Extract beside the target and move it in at once: a concurrent JVM sees no bin/ or a complete one.
        Path staging = Files.createTempDirectory(home, "bin-");
        try {
            copyConfigJarBin(staging);
            Files.move(staging, bin, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (!Files.isRegularFile(bin.resolve("jmeter.properties"))) { // else another JVM won the move
                throw e;
            }
        } finally {
            deleteTree(staging);
        }
        return bin;
    }

    /**
     * Extracts the home if needed and initialises JMeter's static configuration, JMeter's own log to {@code logFile}:
     * call before any other JMeter class loads, as several read their settings once.
     */
    public static void prepare(Path home, Path logFile) throws IOException {
        Path bin = extract(home);
        System.setProperty("log4j.configurationFile", bin.resolve("log4j2.xml").toString());
        System.setProperty("jmeter.logfile", logFile.toAbsolutePath().toString());
        JMeterUtils.setJMeterHome(home.toAbsolutePath().toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        // One INFO line per user started and per user finished is 40,000 lines a talk run, written by the same two
        // cores that run the load; the benchmark figures were measured without them.
        Configurator.setLevel(JMeterThread.class.getName(), Level.WARN);
        JMeterUtils.initLocale();
    }

    private static void copyConfigJarBin(Path target) throws IOException {
        URL marker = JMeterHome.class.getClassLoader().getResource(CONFIG_MARKER);
        if (marker == null || !(marker.openConnection() instanceof JarURLConnection connection)) {
            throw new IOException("ApacheJMeter_config jar (" + CONFIG_MARKER + ") not found on the classpath");
        }
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            for (JarEntry entry : jar.stream().toList()) {
                if (!entry.getName().startsWith("bin/") || entry.isDirectory()) {
                    continue;
                }
                Path file = target.resolve(entry.getName().substring("bin/".length()))
                        .normalize();
                if (!file.startsWith(target)) {
                    throw new IOException("Unexpected entry in config jar: " + entry.getName());
                }
                Files.createDirectories(file.getParent());
                try (InputStream in = jar.getInputStream(entry)) {
                    Files.copy(in, file);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
