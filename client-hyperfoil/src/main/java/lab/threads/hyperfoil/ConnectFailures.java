package lab.threads.hyperfoil;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/**
 * Tells the {@link UserLedger} which user Hyperfoil stopped for a connection it could not open, and why, which its
 * hooks never see: the allocator logs the exception, then the request step logs the session's stop, in that order on
 * the session's event loop. So this appender queues each loop's exceptions and pairs the oldest with the next stop
 * there; Hyperfoil's lines still print. Installed once a JVM (Log4j keeps a name's first logger).
 */
final class ConnectFailures extends AbstractAppender {

    /** Logs "Cannot create connection to ..." with the exception. */
    static final String ALLOCATOR_LOGGER = "io.hyperfoil.http.connection.ConnectionAllocator";
    /** Logs "#{} Stopping the session as we cannot obtain connection." with the session's id. */
    static final String REQUEST_LOGGER = "io.hyperfoil.http.steps.SendHttpRequestStep";

    private static ConnectFailures installed;

    private volatile UserLedger ledger;
    private final ThreadLocal<java.util.ArrayDeque<Throwable>> failures =
            ThreadLocal.withInitial(java.util.ArrayDeque::new);

    private ConnectFailures() {
        super("lab-connect-failures", null, null, true, Property.EMPTY_ARRAY);
    }

    /** From now on, the users Hyperfoil stops for a connection it could not open are {@code ledger}'s. */
    static synchronized void report(UserLedger ledger) {
        if (installed == null) {
            installed = install();
        }
        installed.ledger = ledger;
    }

    /** Listens to both of Hyperfoil's log lines for as long as the JVM runs. */
    private static ConnectFailures install() {
        ConnectFailures appender = new ConnectFailures();
        appender.start();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration configuration = context.getConfiguration();
        configuration.addAppender(appender);
        for (String name : new String[] {ALLOCATOR_LOGGER, REQUEST_LOGGER}) {
            LoggerConfig logger = new LoggerConfig(name, Level.ERROR, true);
            logger.addAppender(appender, Level.ERROR, null);
            configuration.addLogger(name, logger);
        }
        context.updateLoggers();
        return appender;
    }

    @Override
    public void append(LogEvent event) {
        if (event.getLoggerName().equals(ALLOCATOR_LOGGER) && event.getThrown() != null) {
            failures.get().addLast(event.getThrown());
            return;
        }
        if (event.getLoggerName().equals(REQUEST_LOGGER)) {
            Object[] parameters = event.getMessage().getParameters();
            if (parameters != null && parameters.length > 0 && parameters[0] instanceof Integer sessionId) {
                Throwable failure = failures.get().pollFirst();
                ledger.stopped(sessionId, failure != null ? UserLedger.Cause.of(failure) : UserLedger.STOPPED);
            }
        }
    }
}
