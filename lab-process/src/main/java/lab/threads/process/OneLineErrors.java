package lab.threads.process;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * What a command could not do, in one line on stderr and never a stack trace: bad input (an
 * {@link IllegalArgumentException}) exits 2, anything else 1. What a run measured before is already on disk: the
 * run rewrites its report after every server.
 */
public final class OneLineErrors implements IExecutionExceptionHandler {

    /** {@code command} with this handler, for every {@code main} of the lab. */
    public static CommandLine on(CommandLine command) {
        return command.setExecutionExceptionHandler(new OneLineErrors());
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parsed) {
        System.err.println("lab: " + describe(e));
        return e instanceof IllegalArgumentException ? 2 : 1;
    }

    /** The exception's own words; a bare file exception (NoSuchFileException: /x) gets its kind said too. */
    public static String describe(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return e instanceof IllegalArgumentException ? message : e.getClass().getSimpleName() + ": " + message;
    }
}
