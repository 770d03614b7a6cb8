package lab.threads.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import lab.threads.run.RunFolder;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** headline.png: every server's p99 and active users per second, drawn with JFreeChart, no browser needed. */
public final class HeadlineChart {

    private static final int WIDTH = 1200;
    private static final int HEIGHT = 600;

    private HeadlineChart() {}

    public static Path write(RunCharts charts, Path runDir) throws IOException {
        JFreeChart chart = ChartFactory.createXYLineChart(
                "p99 response time and active users, per second",
                "seconds since the server's first request",
                "p99 response time (ms)",
                collection(charts, " p99", SampleSecond::p99Ms));
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setRenderer(0, renderer(charts, new BasicStroke(2f)));
        plot.setRangeAxis(1, new NumberAxis("active users"));
        plot.setDataset(1, collection(charts, " active users", SampleSecond::activeUsers));
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(
                1,
                renderer(
                        charts,
                        new BasicStroke(
                                1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 4f}, 0f)));
        Path file = runDir.resolve(RunFolder.HEADLINE_FILE);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        return file;
    }

    /** One series per server, in report order, so series i takes server i's color; a null value leaves a gap. */
    private static XYSeriesCollection collection(RunCharts charts, String suffix, Function<SampleSecond, Number> y) {
        XYSeriesCollection collection = new XYSeriesCollection();
        for (ServerCharts server : charts.servers()) {
            XYSeries series = new XYSeries(server.server() + suffix);
            server.samples().forEach(second -> series.add(second.second(), y.apply(second)));
            collection.addSeries(series);
        }
        return collection;
    }

    private static XYLineAndShapeRenderer renderer(RunCharts charts, BasicStroke stroke) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        List<String> colors = ServerPalette.colors(
                charts.servers().stream().map(ServerCharts::server).toList());
        for (int i = 0; i < colors.size(); i++) {
            renderer.setSeriesPaint(i, Color.decode(colors.get(i)));
            renderer.setSeriesStroke(i, stroke);
        }
        return renderer;
    }
}
