package lab.threads.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class DatabaseTest {
    @Test
    void startsWithTheMaxConnectionsAskedAnswersQueriesAndStopsForGood() throws Exception {
        String url;
        try (Database database = Database.start(0, 42)) {
            url = database.jdbcUrl();
            assertTrue(url.startsWith("jdbc:postgresql://127.0.0.1:" + database.port() + "/postgres"), url);
            assertTrue(database.version().startsWith("PostgreSQL "), database.version());
            assertEquals("42", database.settings().get("max_connections"));
            assertEquals(
                    Database.SETTINGS, java.util.List.copyOf(database.settings().keySet()));
            try (Connection connection = database.connect();
                    Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("select pg_sleep(0.05), 1")) {
                assertTrue(row.next());
            }
        }
        assertThrows(SQLException.class, () -> java.sql.DriverManager.getConnection(url), "stopped: " + url);
    }
}
