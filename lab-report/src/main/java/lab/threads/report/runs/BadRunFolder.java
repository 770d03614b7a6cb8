package lab.threads.report.runs;

import java.nio.file.Path;

/** A folder given as a run that is none, or cannot be used as one: the message names the path and what to do. */
public final class BadRunFolder extends RuntimeException {

    BadRunFolder(Path dir, String problem) {
        super(dir + ": " + problem);
    }
}
