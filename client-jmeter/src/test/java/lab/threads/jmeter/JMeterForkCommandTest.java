package lab.threads.jmeter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fork's command line, without forking. */
class JMeterForkCommandTest {

    @Test
    void httpClient4sJarComesFirstSoEveryUsersClientFindsItsVersionFileAtOnce() {
        List<String> entries = List.of(JMeterFork.classPath().split(File.pathSeparator));

        assertTrue(entries.getFirst().matches(".*httpclient-4[^" + File.separator + "]*\\.jar"), entries.getFirst());
        assertTrue(entries.subList(1, entries.size()).contains(entries.getFirst()), "the rest of the classpath kept");
    }
}
