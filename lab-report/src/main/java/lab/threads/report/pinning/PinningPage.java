package lab.threads.report.pinning;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.report.page.Section;
import lab.threads.report.page.SectionPage;
import lab.threads.run.PinningProbe;

/** What the pinning run's markdown (pinning.md) and page (index.html) say, once ({@link SectionPage}). */
final class PinningPage {
    private PinningPage() {}

    /** pinning.md and index.html say this: the talk's table, then every probe per JDK. */
    static SectionPage of(PinningReport report) {
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("talk", "The talk's table, measured", null, List.of(talkTable(report))));
        report.jdks()
                .forEach(jdk -> sections.add(new Section(
                        "jdk-" + jdk, "Every probe on JDK " + jdk, null, List.of(probeTable(report.probes(jdk))))));
        return new SectionPage(
                "Which waits pin a virtual thread (./lab pinning)",
                intro(report),
                SectionPage.ranWhere(report.metadata()),
                sections);
    }

    private static String intro(PinningReport report) {
        PinningProbe any = report.probes().isEmpty() ? null : report.probes().getFirst();
        String shape = any == null
                ? ""
                : String.format(
                        Locale.ROOT,
                        " Each probe: %d requests of a %d ms wait sent at once (ideal %.0f req/s; if every carrier"
                                + " is held, carriers / wait = %.1f req/s).",
                        any.requests(),
                        any.waitMs(),
                        any.idealPerSecond(),
                        any.pinnedPerSecond());
        return "Each wait kind (/sleep?how=) on each virtual-thread server, in a fresh JVM per probe, the cached pool"
                + " beside them as the platform reference." + shape + " Friendly: at least "
                + (int) PinningVerdict.KEPT_PERCENT + "% of the ideal on the scheduler's own carriers; compensates: the"
                + " same by starting more carriers; pins: below it, down to about carriers / wait; slow, not pinned:"
                + " below it yet far above carriers / wait (the operation's own cost or the machine). Throughput and answers are the probe client's,"
                + " p99 the server's own, OS threads the kernel's, carriers and pinned events the server JVM's (JFR).";
    }

    static Section.Table talkTable(PinningReport report) {
        List<String> headers = new ArrayList<>(List.of("operation (how=)", "the talk (early Loom)"));
        report.jdks().forEach(jdk -> headers.add("JDK " + jdk + ", measured"));
        List<List<String>> rows = new ArrayList<>();
        for (TalkRow row : report.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.operation() + " (" + row.kind() + ")", row.talkSays()));
            report.jdks().forEach(jdk -> cells.add(report.verdict(row, jdk)));
            rows.add(cells);
        }
        return new Section.Table(
                null, null, headers, headers.stream().map(header -> false).toList(), rows);
    }

    static Section.Table probeTable(List<PinningProbe> probes) {
        List<String> headers = List.of(
                "how",
                "server",
                "verdict",
                "answered",
                "req/s",
                "% of ideal",
                "carriers",
                "OS threads (peak)",
                "server p99 ms",
                "pinned events",
                "top pinned frames",
                "native samples");
        List<List<String>> rows = probes.stream()
                .map(p -> List.of(
                        p.kind(),
                        p.server(),
                        PinningVerdict.of(p).words(),
                        p.completed() + " of " + p.requests() + (p.failed() > 0 ? " (" + p.failed() + " failed)" : ""),
                        String.format(Locale.ROOT, "%.1f", p.perSecond()),
                        String.format(Locale.ROOT, "%.1f", p.percentOfIdeal()),
                        p.carriers() < 0 ? "?" : p.carriers() + " of " + p.parallelism(),
                        Integer.toString(p.peakOsThreads()),
                        p.serverP99Ms() == null ? "" : String.format(Locale.ROOT, "%.0f", p.serverP99Ms()),
                        Integer.toString(p.pinnedEvents()),
                        p.pinnedTop(),
                        p.nativeSamples() + (p.nativeTop().isEmpty() ? "" : " (" + p.nativeTop() + ")")))
                .toList();
        return new Section.Table(
                null,
                null,
                headers,
                List.of(false, false, false, false, true, true, false, true, true, true, false, false),
                rows);
    }
}
