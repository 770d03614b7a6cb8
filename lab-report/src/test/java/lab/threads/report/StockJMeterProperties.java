package lab.threads.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's stock properties, as the runner uses them, loaded into this JVM before SampleResult is first touched: its
 * static sampleresult.timestamp.start (true there, false without them) decides whether a stamp is the start or the
 * end.
 */
public final class StockJMeterProperties {

    private StockJMeterProperties() {}

    /** Copies ApacheJMeter_config's bin/jmeter.properties into {@code dir} and loads it. */
    public static void load(Path dir) throws IOException {
        Path properties = dir.resolve("jmeter.properties");
        try (InputStream stock = StockJMeterProperties.class.getResourceAsStream("/bin/jmeter.properties")) {
            Files.copy(stock, properties);
        }
        JMeterUtils.loadJMeterProperties(properties.toString());
    }
}
