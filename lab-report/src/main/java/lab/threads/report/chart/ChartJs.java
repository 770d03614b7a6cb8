package lab.threads.report.chart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** Chart.js from its WebJar, to be inlined: the page draws its charts offline. */
public record ChartJs(String version, String script) {

    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final String SCRIPT = "META-INF/resources/webjars/chart.js/%s/dist/chart.umd.min.js";

    public static ChartJs fromWebJar() {
        Properties pom = new Properties();
        try (InputStream in = resource(POM_PROPERTIES)) {
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = pom.getProperty("version");
        try (InputStream in = resource(SCRIPT.formatted(version))) {
            String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // Inside <script>, these would end the element early or change how the browser parses the rest.
            if (script.contains("</script") || script.contains("<!--")) {
                throw new IllegalStateException("Chart.js " + version + " cannot be inlined as it is");
            }
            return new ChartJs(version, script);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = ChartJs.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the classpath: is the org.webjars.npm:chart.js jar missing?");
        }
        return in;
    }
}
