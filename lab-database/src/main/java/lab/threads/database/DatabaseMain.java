package lab.threads.database;

import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Starts one {@link Database} and keeps it up until SIGTERM (or SIGINT), then stops it and removes its data.
 *
 * <p>{@code java -jar lab-database/target/lab-database.jar [--port N] [--max-connections N] [--listen ADDR]}: the
 * port defaults to a free one, {@code max_connections} to PostgreSQL's own (100), {@code --listen} to 127.0.0.1
 * ({@code *} in a container that other containers reach). Once it accepts connections it prints one line on stdout,
 * {@code database ready <jdbc-url>}, then one line each with its version and its settings ({@link Database#SETTINGS}):
 * a caller waits for the first word of the first line and takes the URL from it. Exit code 2 for a bad argument, 1
 * when the database cannot start, 143 after SIGTERM.
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
                    case "--port" -> port = Integer.parseInt(value);
                    case "--max-connections" -> maxConnections = Integer.parseInt(value);
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
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            database.close();
            stopped.countDown();
        }));
        System.out.println("database ready " + database.jdbcUrl());
        System.out.println("database version " + database.version());
        StringBuilder settings = new StringBuilder("database settings");
        for (Map.Entry<String, String> setting : database.settings().entrySet()) {
            settings.append(' ').append(setting.getKey()).append('=').append(setting.getValue());
        }
        System.out.println(settings);
        System.out.flush();
        stopped.await(); // SIGTERM runs the hook; the JVM exits once it is done
    }
}
