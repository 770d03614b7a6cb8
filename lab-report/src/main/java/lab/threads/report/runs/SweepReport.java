package lab.threads.report.runs;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.report.chart.ChartJs;
import lab.threads.report.chart.ServerPalette;
import lab.threads.report.page.Headline;
import lab.threads.report.page.HtmlReport;
import lab.threads.report.page.HtmlSection;
import lab.threads.report.page.MarkdownSection;
import lab.threads.report.page.PlainPage;
import lab.threads.report.page.Section;
import lab.threads.report.verdict.Verdict;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;
import lab.threads.run.RunRecord;

/** The top of a sweep or repeats: each server's figures against the level, as sweep.json, sweep.md and a page. */
public final class SweepReport {
    public static final String JSON_FILE = "sweep.json";
    public static final String MARKDOWN_FILE = "sweep.md";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The client's p99 beside the server's own: where they part, the time went outside the server's handler. */
    private static final List<ServerFigure> CHARTED = List.of(
            ServerFigure.THROUGHPUT,
            ServerFigure.ERROR_PERCENT,
            ServerFigure.P99,
            ServerFigure.SERVER_P99,
            ServerFigure.PEAK_THREADS);

    /** A server bends where it stops carrying the plan, by the bar a run's answer uses. */
    static final double KNEE_PERCENT_OF_IDEAL = Headline.CARRIED_PERCENT_OF_IDEAL;

    static final double KNEE_ERROR_PERCENT = Headline.CARRIED_ERROR_PERCENT;

    /** What the sweep's page adds to the frame's style: two charts a row, its range table's headers and cells. */
    private static final String STYLE = """
            .charts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:1.5em}
            table.sweep,section table{font-size:.8em}
            table.sweep th,section th{font-weight:600;vertical-align:bottom}
            table.sweep th,table.sweep td{padding:.2em .3em}
            table.sweep td,section td.num{text-align:right}
            table.sweep td.server,section td:first-child{white-space:nowrap;text-align:left}
            """;

    /** Draws each figure's chart and latency against rate, and counts the charts drawn for a browser test. */
    private static final String DRAW_CHARTS = """
            let rendered = 0;
            for (const [figure, perServer] of Object.entries(data)) {
              const datasets = [];
              Object.entries(perServer).forEach(([server, spreads]) => {
                const color = colors[server];
                datasets.push({label: server, data: spreads.map(s => s ? s.median : null), borderColor: color, backgroundColor: color, tension: 0});
                datasets.push({label: server + ' max', data: spreads.map(s => s ? s.max : null), borderColor: 'transparent', backgroundColor: color + '33', fill: '-1', pointRadius: 0});
                datasets.push({label: server + ' min', data: spreads.map(s => s ? s.min : null), borderColor: 'transparent', backgroundColor: color + '33', fill: '-2', pointRadius: 0});
              });
              new Chart(document.getElementById('chart-' + figure), {type: 'line', data: {labels: levels, datasets},
                options: {animation: false, plugins: {legend: {labels: {filter: item => !/ (min|max)$/.test(item.text)}}}}});
              rendered++;
            }
            new Chart(document.getElementById('chart-latency-vs-rate'), {type: 'scatter',
              data: {datasets: Object.entries(curves).map(([server, curve]) => {
                const color = colors[server];
                return {label: server, data: curve, showLine: true, borderColor: color, backgroundColor: color,
                  pointStyle: curve.map(p => p.knee ? 'triangle' : 'circle'), pointRadius: curve.map(p => p.knee ? 9 : 3)};
              })},
              options: {animation: false, scales: {
                x: {type: 'linear', beginAtZero: true, title: {display: true, text: 'achieved rate: req/s recorded by ' + client}},
                y: {beginAtZero: true, title: {display: true, text: 'p99 (ms)'}}}}});
            rendered++;
            document.body.dataset.chartsRendered = rendered;
            </script>
            """;

    private SweepReport() {}

    /** @param cases each case's folder ({@code users-1000/repeat-2}) relative to the run folder, for links */
    public static void write(Path runDir, RunRecord metadata, List<SweepPoint> points, List<String> cases)
            throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("metadata", metadata);
        json.put("points", points);
        json.put("cases", cases);
        AtomicFile.write(runDir.resolve(JSON_FILE), JSON.writeValueAsString(json));
        AtomicFile.write(runDir.resolve(MARKDOWN_FILE), markdown(points));
        AtomicFile.write(runDir.resolve(RunFolder.HTML_FILE), html(metadata, points, cases));
    }

    static String markdown(List<SweepPoint> points) {
        return "# Sweep summary\n\nEach cell: median over the repeats [min - max].\n\n"
                + MarkdownSection.render(List.of(bends(points)))
                + Seed002Table.section(points)
                        .map(section -> MarkdownSection.render(section) + "\n")
                        .orElse("\n")
                + MarkdownSection.render(List.of(figures(points)));
    }

    /** Where each server bends, then where the client set the figures (a page marks those lines "client"). */
    static Section.Bullets bends(List<SweepPoint> points) {
        List<Section.Bullet> lines = new ArrayList<>();
        kneeLines(points).forEach(line -> lines.add(new Section.Bullet(line)));
        clientLines(points).forEach(line -> lines.add(new Section.Bullet(line, List.of(), "client")));
        disturbedLines(points).forEach(line -> lines.add(new Section.Bullet(line, List.of(), "client")));
        return new Section.Bullets(null, lines);
    }

    /** The points some repeats of which steal or other programs disturbed, with the medians with and without them. */
    static List<String> disturbedLines(List<SweepPoint> points) {
        return points.stream()
                .filter(p -> !p.disturbedRepeats().isEmpty())
                .map(p -> p.server() + " at " + p.property() + "=" + p.level() + ": "
                        + (p.disturbedRepeats().size() == 1 ? "repeat " : "repeats ")
                        + p.disturbedRepeats().stream().map(String::valueOf).collect(Collectors.joining(", "))
                        + " of " + p.clientVerdicts().size() + " disturbed (its case report names who)"
                        + (p.undisturbed().isEmpty()
                                ? ", every one of them"
                                : "; medians with / without: "
                                        + DISTURBED_FIGURES.stream()
                                                .map(figure -> figure.getValue() + " "
                                                        + number(p.figures()
                                                                .get(figure.getKey())
                                                                .median()) + " / "
                                                        + number(p.undisturbed()
                                                                .get(figure.getKey())
                                                                .median()))
                                                .collect(Collectors.joining(", "))))
                .toList();
    }

    /** The figures a disturbed point states with and without its disturbed repeats. */
    private static final List<Map.Entry<String, String>> DISTURBED_FIGURES = List.of(
            Map.entry("percentOfIdeal", "% of the ideal"),
            Map.entry("throughput", "req/s"),
            Map.entry("p99", "p99 ms"));

    /** Where each server bends: its first level below the bar {@link Headline} sets for carrying the plan. */
    static List<String> kneeLines(List<SweepPoint> points) {
        String property = property(points);
        return points.stream()
                .map(SweepPoint::server)
                .distinct()
                .map(server -> noIdeal(points, server)
                        ? server + " has no ideal to bend from (a 0 ms sleep): its req/s per level is in the table, "
                                + "and each run's verdict says which side bounded it"
                        : knee(points, server)
                                .map(p -> server + " bends at " + property + "=" + p.level() + ": "
                                        + number(p.figures()
                                                .get("percentOfIdeal")
                                                .median())
                                        + "% of the ideal throughput, "
                                        + number(p.figures().get("errorPercent").median()) + "% errors"
                                        + clientAtKnee(p))
                                .orElse(server + " holds at every level (>= " + (int) KNEE_PERCENT_OF_IDEAL
                                        + "% of the ideal, <= " + (int) KNEE_ERROR_PERCENT + "% errors)"))
                .toList();
    }

    private static String clientAtKnee(SweepPoint knee) {
        long bound = knee.clientVerdicts().stream()
                .filter(Verdict.CLIENT_BOUND::equals)
                .count();
        return bound == 0
                ? ""
                : "; but the client was the bottleneck in " + bound + " of "
                        + knee.clientVerdicts().size()
                        + " run(s) there, so this bend may be the client's, not the server's";
    }

    private static boolean noIdeal(List<SweepPoint> points, String server) {
        return points.stream()
                .filter(p -> p.server().equals(server))
                .allMatch(p -> Double.isNaN(p.figures().get("percentOfIdeal").median()));
    }

    /** A server's knee (see {@link #kneeLines}); empty when it holds at every level. */
    static Optional<SweepPoint> knee(List<SweepPoint> points, String server) {
        return points.stream()
                .filter(p -> p.server().equals(server))
                .filter(p -> p.figures().get("percentOfIdeal").median() < KNEE_PERCENT_OF_IDEAL
                        || p.figures().get("errorPercent").median() > KNEE_ERROR_PERCENT)
                .findFirst();
    }

    /** Each server's p99 against its achieved rate, a point per level, its knee marked. */
    static Map<String, List<Map<String, Object>>> latencyVsRate(List<SweepPoint> points) {
        Map<String, List<Map<String, Object>>> curves = new LinkedHashMap<>();
        for (String server : points.stream().map(SweepPoint::server).distinct().toList()) {
            Optional<SweepPoint> knee = knee(points, server);
            curves.put(
                    server,
                    points.stream()
                            .filter(p -> p.server().equals(server))
                            .map(p -> curvePoint(p, knee.isPresent() && knee.get() == p))
                            .toList());
        }
        return curves;
    }

    /** x, y, level and knee in this order on every page: Map.of's order changes from one JVM to the next. */
    private static Map<String, Object> curvePoint(SweepPoint point, boolean knee) {
        Map<String, Object> xy = new LinkedHashMap<>();
        xy.put("x", point.figures().get("throughput").median());
        xy.put("y", point.figures().get("p99").median());
        xy.put("level", point.level());
        xy.put("knee", knee);
        return xy;
    }

    /** Where the client, not the server, set the figures: those points' figures are the client's. */
    static List<String> clientLines(List<SweepPoint> points) {
        List<String> lines = points.stream()
                .filter(p -> p.clientVerdicts().contains(Verdict.CLIENT_BOUND))
                .map(p -> p.server() + " at " + p.property() + "=" + p.level() + ": client-bound in "
                        + p.clientVerdicts().stream()
                                .filter(Verdict.CLIENT_BOUND::equals)
                                .count() + " of "
                        + p.clientVerdicts().size() + " run(s); its case reports say when and how much")
                .toList();
        if (lines.isEmpty()
                && points.stream()
                        .allMatch(p -> p.clientVerdicts().stream().allMatch(Verdict.NO_CLIENT_LIMIT::equals))) {
            return List.of("No run showed the client as the bottleneck.");
        }
        return lines;
    }

    /** The sweep's figures, a row per server and level, narrow enough for many servers side by side. */
    static Section.RangeTable figures(List<SweepPoint> points) {
        String property = property(points);
        List<String> labels = new ArrayList<>(List.of("server", property));
        List<String> keys = new ArrayList<>(labels);
        // A sweep through a pool adds the pool's figures; a sweep of sleeps has none to show.
        boolean pooled = points.stream()
                .anyMatch(point -> point.figures()
                                .getOrDefault("poolBusyPercent", Spread.of())
                                .runs()
                        > 0);
        List<ServerFigure> shown = pooled
                ? java.util.stream.Stream.concat(ServerFigure.SWEPT.stream(), ServerFigure.POOLED.stream())
                        .toList()
                : ServerFigure.SWEPT;
        shown.forEach(figure -> {
            labels.add(figure.label());
            keys.add(figure.key());
        });
        return new Section.RangeTable(
                "sweep",
                labels,
                keys,
                points.stream()
                        .map(point -> {
                            List<Section.Ranged> row = new ArrayList<>(
                                    List.of(Section.Ranged.word(point.server()), Section.Ranged.word(point.level())));
                            shown.forEach(
                                    figure -> row.add(ranged(point.figures().get(figure.key()))));
                            return row;
                        })
                        .toList());
    }

    /** The swept property's name, as the points give it; "level" when there are none. */
    private static String property(List<SweepPoint> points) {
        return points.isEmpty() ? "level" : points.getFirst().property();
    }

    /** "-" when nothing was measured; the range only over more than one run. */
    private static Section.Ranged ranged(Spread spread) {
        if (spread == null || spread.runs() == 0) {
            return Section.Ranged.word("-");
        }
        return spread.runs() == 1
                ? Section.Ranged.word(number(spread.median()))
                : new Section.Ranged(number(spread.median()), number(spread.min()), number(spread.max()));
    }

    private static String number(double value) {
        return Math.abs(value) >= 100 || value == Math.rint(value) && value != 0
                ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.2f", value);
    }

    /** index.html: the bends, the charts, the table, the cases' links and the metadata. */
    private static String html(RunRecord metadata, List<SweepPoint> points, List<String> cases) throws IOException {
        String property = property(points);
        String page = "<p>Median over the repeats; the shaded band is the min-max range.</p>"
                + HtmlSection.render(List.of(bends(points)))
                + Seed002Table.section(points).map(HtmlSection::render).orElse("")
                + charts(property)
                + "<h2>Table</h2><p>Each cell: the median over the repeats, below it their range; the same in "
                + MARKDOWN_FILE
                + ".</p>"
                + HtmlSection.render(List.of(figures(points)))
                + caseLinks(cases)
                + "<h2>Metadata</h2><pre>"
                + HtmlReport.escape(JSON.writeValueAsString(metadata))
                + "</pre>"
                + scripts(metadata, points);
        return PlainPage.of("Sweep", STYLE, page);
    }

    /** A canvas per charted figure against the swept property, then one for p99 against the achieved rate. */
    private static String charts(String property) {
        StringBuilder charts = new StringBuilder("<div class=\"charts\">");
        for (ServerFigure figure : CHARTED) {
            charts.append("<div>" + HtmlReport.element("h2", figure.label() + " vs " + property))
                    .append("<canvas id=\"chart-" + figure.key() + "\"></canvas></div>");
        }
        return charts.append("<div><h2>p99 vs achieved rate</h2>")
                .append(HtmlReport.element(
                        "p",
                        "One point per " + property
                                + " level (medians); the triangle is where the server bends, as said above."))
                .append("<canvas id=\"chart-latency-vs-rate\"></canvas></div></div>")
                .toString();
    }

    private static String caseLinks(List<String> cases) {
        return cases.stream()
                .map(dir -> "<li><a href=\"%s/index.html\">%s</a></li>"
                        .formatted(HtmlReport.escape(dir), HtmlReport.escape(dir)))
                .collect(Collectors.joining("", "<h2>Cases</h2><ul>", "</ul>"));
    }

    /** Chart.js inlined, the page's data as constants, then {@link #DRAW_CHARTS}. */
    private static String scripts(RunRecord metadata, List<SweepPoint> points) throws IOException {
        List<String> servers =
                points.stream().map(SweepPoint::server).distinct().toList();
        List<String> levels = points.stream().map(SweepPoint::level).distinct().toList();
        return "<script>" + ChartJs.fromWebJar().script() + "</script><script>\n"
                + "const levels=" + JSON.writeValueAsString(levels)
                + ";\nconst data=" + JSON.writeValueAsString(chartData(points, servers, levels))
                + ";\nconst colors=" + JSON.writeValueAsString(ServerPalette.byServer(servers))
                + ";\nconst curves=" + JSON.writeValueAsString(latencyVsRate(points))
                + ";\nconst client="
                + JSON.writeValueAsString(metadata.load().sender().label())
                + ";\n"
                + DRAW_CHARTS;
    }

    /** Each charted figure's spreads per server, one per level (null where none), on the levels' axis. */
    private static Map<String, Object> chartData(List<SweepPoint> points, List<String> servers, List<String> levels) {
        Map<String, Object> chartData = new LinkedHashMap<>();
        for (ServerFigure figure : CHARTED) {
            Map<String, Object> perServer = new LinkedHashMap<>();
            servers.forEach(server -> perServer.put(
                    server,
                    levels.stream()
                            .map(level -> points.stream()
                                    .filter(p -> p.server().equals(server)
                                            && p.level().equals(level))
                                    .findFirst()
                                    .map(p -> p.figures().get(figure.key()))
                                    .orElse(null))
                            .toList()));
            chartData.put(figure.key(), perServer);
        }
        return chartData;
    }
}
