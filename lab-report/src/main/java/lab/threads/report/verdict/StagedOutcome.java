package lab.threads.report.verdict;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.SecondBuckets;
import lab.threads.report.raw.StatsWindowPeaks;
import lab.threads.run.PlanShape;

/**
 * What a plan of stages did to a server: each stage's figures; for a step plan its knee, the first step past a {@link
 * KneeRule}, with the step before it; for a spike, how long after it p99 and errors per second took to come back within
 * the base's range ({@link #RANGE_MARGIN}), with the peaks in between.
 *
 * @param kind            {@code step} (every stage has more users than the last) or {@code spike}
 * @param passedUsers     the users of the step before the knee; null when the first step already failed
 * @param recoverySeconds seconds from the spike's end until every later second was within the base's range; null when
 *                        it never was (or a step plan)
 */
public record StagedOutcome(
        String kind,
        List<StageFigures> stages,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer kneeUsers,
        @JsonInclude(JsonInclude.Include.NON_NULL) Integer passedUsers,
        @JsonInclude(JsonInclude.Include.NON_NULL) KneeRule kneeRule,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long recoverySeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long spikePeakOsThreads,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long spikePeakRssBytes,
        String verdict) {

    /** A step fails with more errors than this, in percent of its samples... */
    public static final double KNEE_ERROR_PERCENT = 1.0;
    /** ...or a p99 above this many sleeps. */
    public static final int KNEE_P99_FACTOR = 2;
    /** ...or the users it added brought less than this share of the requests they offered. */
    public static final double KNEE_FOLLOW_SHARE = 0.5;

    private static final String NO_BASE = "no recovery measured: no base second before the spike after the ramp-up and"
            + " one sleep (--spike-at must pass --rampup plus the sleep)";

    public enum KneeRule {
        /** The step's own answers were late or failed. */
        ERRORS_OR_P99(
                "errors or p99: above " + KNEE_ERROR_PERCENT + "% errors or a p99 of " + KNEE_P99_FACTOR + " sleeps"),
        /** The step's answers were on time but no more of them than before: throughput stopped following the users. */
        THROUGHPUT("throughput: the users it added brought less than half of the requests they offered");

        private final String words;

        KneeRule(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    /**
     * A second after a spike is back within the base's range when its p99 is at most this many times the base's worst
     * second's: a loopback sleep's p99 moves by some ms from second to second.
     */
    public static final double RANGE_MARGIN = 1.1;

    /**
     * @param offered the requests its users offer if each is answered in exactly the sleep; 0 without a sleep
     * @param failing whether it passes the knee's errors or p99 limits
     */
    public record StageFigures(
            long fromSecond,
            long toSecond,
            int users,
            long offered,
            long samples,
            long errors,
            long p99Ms,
            boolean failing) {

        /** Whether the users added since {@code before} brought less than {@link #KNEE_FOLLOW_SHARE} of their offer. */
        public boolean stoppedFollowing(StageFigures before) {
            long addedOffer = offered - before.offered;
            return users > before.users && addedOffer > 0 && samples - before.samples < KNEE_FOLLOW_SHARE * addedOffer;
        }
    }

    /** @param statsJsonl the server's /stats snapshots, for a spike's peaks */
    public static StagedOutcome of(
            PlanShape.Staged plan, SecondBuckets buckets, long scheduleStartMs, Path statsJsonl) {
        List<StageFigures> stages = new ArrayList<>();
        for (PlanShape.Stage stage : plan.stages()) {
            SecondBuckets.Stretch stretch = buckets.started(
                    scheduleStartMs + stage.fromSecond() * 1000, scheduleStartMs + stage.toSecond() * 1000);
            stages.add(new StageFigures(
                    stage.fromSecond(),
                    stage.toSecond(),
                    stage.users(),
                    stage.offeredSamples(plan.sleepMs()),
                    stretch.samples(),
                    stretch.errors(),
                    stretch.p99Ms(),
                    failing(stretch, plan.sleepMs())));
        }
        return rising(plan.stages()) ? step(stages) : spike(plan, stages, buckets, scheduleStartMs, statsJsonl);
    }

    private static boolean failing(SecondBuckets.Stretch stretch, long sleepMs) {
        return stretch.samples() == 0
                || stretch.errorPercent() > KNEE_ERROR_PERCENT
                || stretch.p99Ms() > KNEE_P99_FACTOR * sleepMs;
    }

    private static boolean rising(List<PlanShape.Stage> stages) {
        return IntStream.range(1, stages.size())
                .allMatch(i -> stages.get(i).users() > stages.get(i - 1).users());
    }

    private static StagedOutcome step(List<StageFigures> stages) {
        for (int i = 0; i < stages.size(); i++) {
            StageFigures step = stages.get(i);
            StageFigures before = i == 0 ? null : stages.get(i - 1);
            if (step.failing()) {
                return knee(
                        stages,
                        step,
                        before,
                        KneeRule.ERRORS_OR_P99,
                        String.format(
                                Locale.ROOT,
                                "step %d had %s errors of %s, p99 %s ms",
                                i + 1,
                                Numbers.count(step.errors()),
                                Numbers.count(step.samples()),
                                Numbers.count(step.p99Ms())));
            }
            if (before != null && step.stoppedFollowing(before)) {
                return knee(
                        stages,
                        step,
                        before,
                        KneeRule.THROUGHPUT,
                        "the " + Numbers.count(step.users() - before.users()) + " users added offered "
                                + Numbers.count(step.offered() - before.offered()) + " requests, brought "
                                + Numbers.count(step.samples() - before.samples()));
            }
        }
        int top = stages.isEmpty() ? 0 : stages.getLast().users();
        return new StagedOutcome(
                "step",
                stages,
                null,
                top,
                null,
                null,
                null,
                null,
                "no knee up to " + Numbers.count(top) + " users, the plan's top step: every step within "
                        + KNEE_ERROR_PERCENT + "% errors and a p99 of " + KNEE_P99_FACTOR
                        + " sleeps, and the users each added brought at least half of the requests they offered");
    }

    /** The knee at {@code step}, named with the step before it and the rule that named it. */
    private static StagedOutcome knee(
            List<StageFigures> stages, StageFigures step, StageFigures before, KneeRule rule, String figures) {
        String words = "knee at " + Numbers.count(step.users()) + " users ("
                + (before == null ? "the first step" : Numbers.count(before.users()) + " before it") + "): " + figures
                + " (by " + rule.words() + ")";
        return new StagedOutcome(
                "step", stages, step.users(), before == null ? null : before.users(), rule, null, null, null, words);
    }

    private static StagedOutcome spike(
            PlanShape.Staged plan,
            List<StageFigures> stages,
            SecondBuckets buckets,
            long scheduleStartMs,
            Path statsJsonl) {
        int peak = IntStream.range(0, stages.size())
                .reduce((most, i) -> stages.get(i).users() > stages.get(most).users() ? i : most)
                .orElse(0);
        StageFigures spike = stages.get(peak);
        long startSecond = Math.floorDiv(scheduleStartMs, 1000);
        long end = stages.getLast().toSecond();
        long settled = (long) Math.ceil(plan.rampUpSeconds() + plan.sleepMs() / 1000.0);
        if (peak == 0 || stages.getFirst().fromSecond() + settled >= spike.fromSecond()) {
            return new StagedOutcome("spike", stages, null, null, null, null, null, null, NO_BASE);
        }
        long worstP99 = 0;
        long worstErrors = 0;
        for (long second = settled; second < spike.fromSecond(); second++) {
            SecondBuckets.Stretch base = buckets.endedIn(startSecond + second);
            worstP99 = Math.max(worstP99, base.p99Ms());
            worstErrors = Math.max(worstErrors, base.errors());
        }
        long recovered = end;
        for (long second = end - 1; second >= spike.toSecond(); second--) {
            SecondBuckets.Stretch after = buckets.endedIn(startSecond + second);
            if (after.samples() == 0 || after.p99Ms() > RANGE_MARGIN * worstP99 || after.errors() > worstErrors) {
                break;
            }
            recovered = second;
        }
        Long recovery = recovered < end ? recovered - spike.toSecond() : null;
        StatsWindowPeaks peaks = StatsWindowPeaks.read(
                statsJsonl,
                scheduleStartMs + spike.fromSecond() * 1000,
                scheduleStartMs + Math.min(recovered, end) * 1000);
        String base = String.format(
                Locale.ROOT,
                "the base's range: p99 up to %s ms (its worst second's %s ms and %.0f%%) and %s errors a second",
                Numbers.count(Math.round(RANGE_MARGIN * worstP99)),
                Numbers.count(worstP99),
                100 * (RANGE_MARGIN - 1),
                Numbers.count(worstErrors));
        String words = recovery == null
                ? "not recovered by the plan's end, " + (end - spike.toSecond()) + " s after the spike (" + base + ")"
                : "recovered " + recovery + " s after the spike's end (" + base + ")";
        return new StagedOutcome(
                "spike", stages, null, null, null, recovery, peaks.osThreads(), peaks.rssBytes(), words);
    }
}
