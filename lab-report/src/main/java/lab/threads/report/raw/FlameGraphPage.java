package lab.threads.report.raw;

import java.io.IOException;
import java.nio.file.Path;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * An interactive flame graph of a recording's CPU samples, made by async-profiler's own converter: one self-contained
 * HTML file (its script and style inline), which opens offline.
 */
final class FlameGraphPage {

    private FlameGraphPage() {}

    /** @param title plain words: the converter writes it into the page as it is */
    static void write(Path jfr, Path html, String title) throws IOException {
        // No --cpu: that option keeps only async-profiler's thread state and drops the JDK's own samples. Without it
        // the
        // converter takes every jdk.ExecutionSample, which both --profile modes record for running threads only.
        // --inverted: the roots at the top (an icicle), so the widest frames show first in the report's frame.
        Arguments options = new Arguments("--inverted", "--title", title.replaceAll("[<>&'\"]", ""));
        JfrToFlame.convert(jfr.toString(), html.toString(), options);
    }
}
