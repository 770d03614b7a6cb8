package lab.threads.run;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a report file whole or not at all (a temporary file renamed over it): readers of a shared results folder only
 * ever see the previous version or the new one.
 */
public final class AtomicFile {

    private AtomicFile() {}

    /** @return {@code file} */
    public static Path write(Path file, String text) throws IOException {
        Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(temporary, text);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException onlyPlainMoves) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return file;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
