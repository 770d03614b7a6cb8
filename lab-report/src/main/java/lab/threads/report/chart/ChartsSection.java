package lab.threads.report.chart;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;

/** The charts of index.html: canvases, Chart.js and charts.js inlined, the series as inline JSON. */
public final class ChartsSection {

    /** A chart of the page by its id; "{client}" in its words names the client that ran. */
    public record Figure(String id, String title, String caption) {

        /** The same figure naming the client that ran. */
        Figure named(LoadClient client) {
            String named = id.equals("chart-active-users") && client.words().activeUsersCaption() != null
                    ? client.words().activeUsersCaption()
                    : caption;
            return new Figure(id, title.replace(CLIENT, client.label()), named.replace(CLIENT, client.label()));
        }
    }

    private static final String CLIENT = "{client}";

    /** How each process series also comes from outside the process, so a saturated one is still drawn. */
    private static final String OUTSIDE =
            "from /proc read by the runner (thin line, goes on when the process cannot answer)";

    public static final List<Figure> FIGURES = List.of(
            new Figure(
                    "chart-response-time",
                    "Response time over time",
                    "p50 (dashed) and p99 (solid, band between them) of the samples ending each second, ms"),
            new Figure(
                    "chart-server-vs-client",
                    "{client}'s p99 vs the server's own",
                    "p99 of the samples {client} recorded ending each second (solid) and of the responses the server "
                            + "handed over that second, timed by the server itself (dashed), ms: the gap is outside the server"),
            new Figure(
                    "chart-throughput",
                    "Throughput over time: recorded by {client} vs handed over by the server",
                    "samples {client} recorded ending each second (solid) and responses the server handed over (dashed): "
                            + "the server answering while {client} records nothing is a client stall"),
            new Figure(
                    "chart-active-users",
                    "Active users over time",
                    "most {client} users running as samples ended each second (allThreads)"),
            new Figure("chart-errors", "Errors over time", "failed samples ending each second, any cause"),
            new Figure(
                    "chart-users-vs-response-time",
                    "Active users vs response time",
                    "one point per second: its active users and its p50 (hollow) or p99 (filled), ms"),
            new Figure(
                    "chart-os-threads",
                    "Server OS threads",
                    "the server process's threads, from /stats (points) and " + OUTSIDE),
            new Figure(
                    "chart-rss", "Server memory (RSS)", "resident set size, MiB, from /stats (points) and " + OUTSIDE),
            new Figure(
                    "chart-cpu",
                    "Server CPU",
                    "user + system CPU, % of one core (at most 100 x the machine's cores), from /stats (points) and "
                            + OUTSIDE),
            new Figure(
                    "chart-client-cpu",
                    "Client ({client}) CPU and the whole machine's",
                    "{client}'s own CPU (solid) and all cores busy (dashed, server + client + the rest), % of the machine, "
                            + "from its own record (points) and " + OUTSIDE),
            new Figure(
                    "chart-client-rss",
                    "Client ({client}) memory (RSS)",
                    "the {client} JVM's resident set size, MiB, from " + "its own record (points) and " + OUTSIDE),
            new Figure(
                    "chart-client-gc",
                    "Client ({client}) GC pauses",
                    "stop-the-world pause time of the {client} JVM each second, ms: every sample in flight is that much late"),
            new Figure(
                    "chart-accept-queue",
                    "The kernel's accept queue",
                    "connections the kernel completed and the server had not yet accepted, each second (ss Recv-Q of the "
                            + "listening socket); its backlog is in the kernel table below"));

    /** Only for an open plan's run: arrivals against the schedule, latency by arrival, both sides' requests in flight. */
    static final List<Figure> OPEN_FIGURES = List.of(
            new Figure(
                    "chart-arrival-rate",
                    "Offered vs achieved arrival rate",
                    "arrivals per second: what the plan's schedule was due to send (dashed) and the requests {client} "
                            + "started (solid); below the dashed line, the client fell behind the schedule"),
            new Figure(
                    "chart-latency-by-arrival",
                    "Response time by arrival second",
                    "p50 (dashed) and p99 (solid) of the requests STARTED each second, ms: how long each second's "
                            + "arrivals waited, however late they were answered"),
            new Figure(
                    "chart-in-flight",
                    "Requests in flight: client and server",
                    "requests {client} had started and not yet finished at each second's end (solid) and those the "
                            + "server was serving, from its /stats (dashed): the gap is queued in between"));

    public static final String STYLE = """
            .chart-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:1em}
            .chart-grid figure{margin:0;border:1px solid #ddd;padding:.5em}
            .chart-grid figcaption{font-size:.9em;color:#555}
            .chart-box{position:relative;height:320px}
            #chart-errors{color:#b00}
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    private ChartsSection() {}

    /** @param client the client that recorded the samples, named in the captions and the legends */
    public static String render(RunCharts charts, LoadClient client) {
        ChartJs chartJs = ChartJs.fromWebJar();
        StringBuilder html = new StringBuilder("""
                <section id="charts">
                <h2>Charts</h2>
                <p>The servers overlaid; seconds count from each server's first request. A gap in a line: no sample
                ended in that second, or the server's /stats did not answer. The series are also in
                <a href="charts.json">charts.json</a>.</p>
                <div class="chart-grid">
                """);
        for (Figure figure : figures(charts, client)) {
            html.append("<figure><figcaption><b>%s</b>: %s</figcaption><div class=\"chart-box\"><canvas id=\"%s\">"
                            .formatted(figure.title(), figure.caption(), figure.id()))
                    .append("</canvas></div></figure>\n");
        }
        return html.append("</div>\n<pre id=\"chart-errors\" hidden></pre>\n<script>\n")
                .append(resource("charts.js"))
                .append("</script>\n<!-- Chart.js " + chartJs.version() + " (MIT), from its WebJar -->\n<script>\n")
                .append(chartJs.script())
                .append("\n</script>\n<script type=\"application/json\" id=\"chart-data\">")
                .append(pageData(charts, client))
                .append("</script>\n</section>\n")
                .toString();
    }

    /** Every figure, and an open plan's own when the run has arrivals. */
    static List<Figure> figures(RunCharts charts, LoadClient client) {
        boolean open =
                charts.servers().stream().anyMatch(server -> !server.arrivals().isEmpty());
        return (open ? java.util.stream.Stream.concat(FIGURES.stream(), OPEN_FIGURES.stream()) : FIGURES.stream())
                .map(figure -> figure.named(client))
                .toList();
    }

    /** The series plus each server's color; {@code <} escaped so no server name can close the script element. */
    private static String pageData(RunCharts charts, LoadClient client) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("client", client.label());
        data.put(
                "colors",
                ServerPalette.colors(
                        charts.servers().stream().map(ServerCharts::server).toList()));
        data.put("servers", charts.servers());
        try {
            return JSON.writeValueAsString(data).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = ChartsSection.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
