package lab.threads.report.summary;

import java.util.List;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.verdict.PoolVerdict;
import lab.threads.run.PlanShape;

/** The plan's ideal throughput on a server's own path and the run's % of it; both 0 when the run beat it. */
record PlanIdeal(double throughput, double percentOfIdeal) {

    /** The ideal once the row's figures are checked against their ranges; {@code pool} null without one. */
    static PlanIdeal checked(
            String serverId,
            PlanShape plan,
            SamplePass samples,
            long scheduleStartMs,
            PoolVerdict pool,
            List<String> notes) {
        SampleEnds ends = samples.ends();
        double percentOfIdeal =
                ends.isEmpty() ? 0 : plan.percentOfIdeal(ends.successes(), scheduleStartMs, ends.lastEnd());
        int endResolutionMs = samples.loadClient().endResolutionMs();
        List<String> outside = FigureRanges.outside(
                samples.summary(),
                samples.percentiles(),
                percentOfIdeal,
                plan.idealDurationSeconds(),
                endResolutionMs,
                pool == null ? null : pool.busyShare());
        if (!outside.isEmpty()) {
            notes.add(FigureRanges.defect(serverId, outside));
            if (FigureRanges.beatsTheIdeal(percentOfIdeal, plan.idealDurationSeconds(), endResolutionMs)) {
                // No ideal is printed rather than one the run beat: its cells read n/a.
                return new PlanIdeal(0, 0);
            }
        }
        return new PlanIdeal(plan.idealThroughput(), percentOfIdeal);
    }
}
