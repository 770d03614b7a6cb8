package lab.threads.jmeter.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RmiKeystoreTest {

    @TempDir
    Path dir;

    @Test
    void madeOnceWithARandomPasswordReadableByItsOwnerOnly() throws IOException {
        RmiKeystore keystore = new RmiKeystore(dir.resolve("lab").resolve("rmi_keystore.p12"));
        assertTrue(keystore.createIfMissing());
        String password = Files.readString(keystore.passwordFile());
        assertFalse(keystore.createIfMissing(), "kept as it is");
        assertEquals(password, Files.readString(keystore.passwordFile()));
        keystore.check();

        assertEquals(
                "rwx------",
                PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(keystore.file().getParent())));
        for (Path file : new Path[] {keystore.file(), keystore.passwordFile()}) {
            assertEquals(
                    "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), file.toString());
        }
        try (var left = Files.list(keystore.file().getParent())) {
            assertEquals(2, left.count(), "no staging folder left behind");
        }

        RmiKeystore another = new RmiKeystore(dir.resolve("other.p12"));
        assertTrue(another.createIfMissing());
        assertNotEquals(password, Files.readString(another.passwordFile()));
    }

    @Test
    void aMissingOrMismatchedFileIsRefusedInOneLineThatSaysWhatToDo() throws IOException {
        RmiKeystore keystore = new RmiKeystore(dir.resolve("rmi_keystore.p12"));
        assertMessage(keystore, "no RMI keystore at " + keystore.file() + ": make it with ./lab rmi-keystore");

        assertTrue(keystore.createIfMissing());
        Files.writeString(keystore.passwordFile(), "not-the-password");
        assertMessage(keystore, "cannot open the RMI keystore " + keystore.file() + " with " + keystore.passwordFile());

        Files.delete(keystore.passwordFile());
        assertMessage(keystore, "no password file " + keystore.passwordFile() + " beside the RMI keystore");
    }

    private static void assertMessage(RmiKeystore keystore, String expected) {
        String message =
                assertThrows(IllegalArgumentException.class, keystore::check).getMessage();
        assertTrue(message.startsWith(expected), message);
        assertFalse(message.contains("\n"), "one line: " + message);
    }
}
