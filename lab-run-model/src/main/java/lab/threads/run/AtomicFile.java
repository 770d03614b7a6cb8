package lab.threads.run;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a report file whole or not at all: into a temporary file beside it, then renamed over it. Two runs may
 * share a results folder (its index.html) and the index reads other runs' summary.json while they are rewritten,
 * so a reader must only ever see a previous version or the new one, never half of one.
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
