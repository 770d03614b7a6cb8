package lab.threads.jmeter.workers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The key pair controller and workers share for RMI over TLS: a PKCS12 file of one self-signed EC P-256 key ({@value
 * #ALIAS}) made with keytool, its random password in {@code <keystore>.password}, both the owner's only. Each side
 * trusts exactly this certificate and demands it ({@link RmiSockets}), so only holders of the file can drive a worker.
 *
 * @param file the PKCS12 file; its password file is {@link #passwordFile()}
 */
public record RmiKeystore(Path file) {

    /** JMeter's own default alias ({@code server.rmi.ssl.keystore.alias}). */
    private static final String ALIAS = "rmi";

    private static final String TYPE = "PKCS12";
    private static final String HOW_TO_GET = "make it with ./lab rmi-keystore on the controller machine (the first "
            + "./lab run --workers makes it too), then copy it and its .password file to every worker";
    private static final String PASSWORD_VARIABLE = "LAB_RMI_KEYSTORE_PASSWORD";

    /**
     * {@code ~/.http-threads-lab/rmi_keystore.p12}: outside the checkout, so a key never lands in results/ or a commit.
     */
    public static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".http-threads-lab", "rmi_keystore.p12");
    }

    public Path passwordFile() {
        return file.resolveSibling(file.getFileName() + ".password");
    }

    /** @return whether this call made it (false: it was there already) */
    public boolean createIfMissing() throws IOException {
        if (Files.exists(file)) {
            return false;
        }
        Path directory = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory, ownerOnlyFolder());
        }
        String password = randomPassword();
        // Made in a folder of the owner's only, then moved in, keystore last: its presence means both are complete.
        Path staging = Files.createTempDirectory(directory, ".rmi_keystore-", ownerOnlyFolder());
        Path keystore = staging.resolve("keystore.p12");
        Path passwordFile = staging.resolve("keystore.password");
        try {
            runKeytool(keystore, password);
            Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
            restrictToOwner(keystore);
            restrictToOwner(passwordFile);
            Files.move(passwordFile, passwordFile(), StandardCopyOption.REPLACE_EXISTING);
            Files.move(keystore, file);
        } finally {
            Files.deleteIfExists(keystore);
            Files.deleteIfExists(passwordFile);
            Files.delete(staging);
        }
        return true;
    }

    /**
     * Opens the keystore with its password file, so a missing or mismatched file is one line, not a TLS failure inside
     * RMI.
     *
     * @throws IllegalArgumentException saying what is wrong and what to do
     */
    public void check() {
        load();
    }

    /** TLS that presents this key and trusts only its certificate: each side accepts only holders of this file. */
    SSLContext tlsContext() {
        Loaded loaded = load();
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(loaded.store(), loaded.password());
            // A key entry's own certificate counts as trusted: the one certificate the peer may show.
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(loaded.store());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "cannot use the RMI keystore " + file + " for TLS (" + e.getMessage()
                            + "): delete it and its .password file, then " + HOW_TO_GET + ".",
                    e);
        }
    }

    private record Loaded(KeyStore store, char[] password) {}

    private Loaded load() {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    "no RMI keystore at " + file + ": " + HOW_TO_GET + "; or give its path with --rmi-keystore.");
        }
        Path passwordFile = passwordFile();
        if (!Files.isRegularFile(passwordFile)) {
            throw new IllegalArgumentException("no password file " + passwordFile + " beside the RMI keystore " + file
                    + ": copy both files from the machine that made them.");
        }
        try {
            char[] password = Files.readString(passwordFile, StandardCharsets.UTF_8)
                    .strip()
                    .toCharArray();
            KeyStore store = KeyStore.getInstance(TYPE);
            try (InputStream in = Files.newInputStream(file)) {
                store.load(in, password);
            }
            if (!store.isKeyEntry(ALIAS)) {
                throw new IllegalArgumentException("the RMI keystore " + file + " has no key '" + ALIAS
                        + "': delete it and its .password file, then " + HOW_TO_GET + ".");
            }
            return new Loaded(store, password);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(
                    "cannot open the RMI keystore " + file + " with " + passwordFile + " (" + e.getMessage()
                            + "): copy both files again from the machine that made them.",
                    e);
        }
    }

    private void runKeytool(Path keystore, String password) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        keytool.toString(),
                        "-genkeypair",
                        "-noprompt",
                        "-alias",
                        ALIAS,
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-validity",
                        "3650",
                        "-dname",
                        "CN=http-threads-lab JMeter RMI",
                        "-storetype",
                        TYPE,
                        "-keystore",
                        keystore.toString(),
                        // From the environment, so the password never shows in the process list.
                        "-storepass:env",
                        PASSWORD_VARIABLE))
                .redirectErrorStream(true);
        builder.environment().put(PASSWORD_VARIABLE, password);
        Process process = builder.start();
        process.getOutputStream().close(); // a prompt reads end of input and fails instead of waiting forever
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        try {
            if (process.waitFor() != 0) {
                throw new IOException("keytool could not make " + file + ": " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool made " + file, e);
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private static FileAttribute<?>[] ownerOnlyFolder() {
        return posix()
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
                }
                : new FileAttribute<?>[0];
    }

    private static void restrictToOwner(Path path) throws IOException {
        if (posix()) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        }
    }
}
