package lab.threads.client;

import java.util.List;

/**
 * A client's options for running its users on other machines ({@code --workers}), as one command line holds them. The
 * runner adds {@link #mixin()} to its own command line, so it parses the client's options without naming the client's
 * classes, and asks the rest of it once they are parsed.
 */
public interface WorkerOptions {

    /** The object whose picocli {@code @Option} fields hold the client's own options: a mixin of the command line. */
    Object mixin();

    /**
     * The workers as {@code --workers} names them, as the client's fork reaches them.
     *
     * @throws IllegalArgumentException in one line, for a name that does not resolve or a bad port
     */
    List<String> resolve(List<String> given);

    /** How the fork talks to its workers, from the options as the command line gave them. */
    WorkerAccess access();
}
