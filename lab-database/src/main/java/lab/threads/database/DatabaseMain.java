package lab.threads.database;

import java.util.concurrent.CountDownLatch;
import lab.threads.process.ParentWatch;

/**
 * Starts one {@link Database} and keeps it up until SIGTERM (or SIGINT), then stops it and removes its data.
 *
 * <p>{@code java -jar lab-database/target/lab-database.jar [--port N] [--max-connections N] [--listen ADDR]}: the
 * port defaults to a free one, {@code max_connections} to PostgreSQL's own (100), {@code --listen} to 127.0.0.1
 * ({@code *} in a container that other containers reach). Once it accepts connections it prints one line on stdout,
 * {@code database ready <jdbc-url>}, then one line each with its version and its settings ({@link Database#SETTINGS}):
 * a caller waits for the first word of the first line and takes the URL from it. Exit code 2 for a bad argument, 1
 * when the database cannot start, 143 after SIGTERM.
 *
 * <p>A PostgreSQL that dies (SIGKILL of its postmaster, say) is started again on the same port within about a second
 * of being noticed, with the same settings and a fresh data directory, and the lines {@code database died ...} and
 * {@code database restarted ...} say when: a run goes on against a database that comes back, as a service's does
 * after a failover. When the process that started it (the runner: {@link ParentWatch}) is gone, a zombie included, it
 * stops the database and exits as after SIGTERM, so a runner killed with SIGKILL leaves no database behind.
 */
public final class DatabaseMain {
    private DatabaseMain() {}

    public static void main(String[] args) throws Exception {
        int port = 0;
        int maxConnections = Database.DEFAULT_MAX_CONNECTIONS;
        String listen = "127.0.0.1";
        try {
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                String value = i + 1 < args.length ? args[++i] : null;
                if (value == null) {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                switch (flag) {
                    case "--port" -> port = wholeNumber(flag, value);
                    case "--max-connections" -> maxConnections = wholeNumber(flag, value);
                    case "--listen" -> listen = value;
                    default ->
                        throw new IllegalArgumentException(
                                "unknown argument " + flag + "; use --port N, --max-connections N, --listen ADDR");
                }
            }
            if (port < 0 || port > 65535 || maxConnections < 1) {
                throw new IllegalArgumentException("--port must be 0..65535 and --max-connections >= 1");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("lab-database: " + e.getMessage());
            System.exit(2);
            return;
        }

        Database database;
        try {
            database = Database.start(listen, port, maxConnections);
        } catch (Exception e) {
            System.err.println("lab-database: PostgreSQL did not start: " + e);
            System.exit(1);
            return;
        }
        Keeper keeper = new Keeper(database, listen, maxConnections);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            keeper.close();
            stopped.countDown();
        }));
        // After the hook: a parent already gone stops the JVM at once, and the hook removes the database.
        try {
            ParentWatch.start("database", System.out);
        } catch (IllegalArgumentException badOption) {
            System.err.println("lab-database: " + badOption.getMessage());
            System.exit(2);
        }
        System.out.println("database ready " + database.jdbcUrl());
        System.out.println("database pid " + database.postmasterPid());
        System.out.println("database version " + database.version());
        StringBuilder settings = new StringBuilder("database settings");
        database.settings()
                .forEach((name, value) ->
                        settings.append(' ').append(name).append('=').append(value));
        System.out.println(settings);
        System.out.flush();
        Thread.ofPlatform().daemon().name("database-keeper").start(keeper::restartWhenDead);
        stopped.await(); // SIGTERM runs the hook; the JVM exits once it is done
    }

    private static int wholeNumber(String flag, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " takes a whole number, got '" + value + "'", e);
        }
    }

    /** The running database, started again on its port whenever its postmaster is gone. */
    private static final class Keeper {
        private static final long EVERY_MS = 500;
        private final String listen;
        private final int maxConnections;
        private final int port;
        private volatile Database current;
        private volatile long postmaster;
        private volatile boolean closed;

        Keeper(Database database, String listen, int maxConnections) {
            this.current = database;
            this.listen = listen;
            this.maxConnections = maxConnections;
            this.port = database.port();
            this.postmaster = database.postmasterPid();
        }

        void restartWhenDead() {
            while (!closed) {
                try {
                    Thread.sleep(EVERY_MS);
                } catch (InterruptedException e) {
                    return;
                }
                if (!closed
                        && ProcessHandle.of(postmaster)
                                .filter(ProcessHandle::isAlive)
                                .isEmpty()) {
                    restart();
                }
            }
        }

        private synchronized void restart() {
            System.out.println("database died: its postmaster (pid " + postmaster + ") is gone; restarting on port "
                    + port + " at " + System.currentTimeMillis());
            try {
                current.close();
            } catch (RuntimeException alreadyGone) {
                // Its pg_ctl finds no server to stop: the data directory goes all the same.
            }
            try {
                current = Database.start(listen, port, maxConnections);
                postmaster = current.postmasterPid();
                System.out.println("database restarted " + current.jdbcUrl() + " pid " + postmaster + " at "
                        + System.currentTimeMillis());
            } catch (Exception e) {
                System.out.println("database stayed down: " + e + "; trying again");
            }
            System.out.flush();
        }

        synchronized void close() {
            closed = true;
            current.close();
        }
    }
}
