package lab.threads.report.math;

import java.util.Locale;
import lab.threads.report.raw.AcceptQueueArea;

/**
 * The timeline's kernel accept queue against the kernel's (Little's law): the joined requests' {@link
 * RequestPart#KERNEL_QUEUE} parts summed against the area under the listener's Recv-Q, both connection-seconds; they
 * agree within {@value #TOLERANCE}. Below {@value #MIN_JUDGED_SECONDS} connection-seconds on both sides too little
 * queued to judge: the Recv-Q, read ten times a second, misses short waits or counts them whole. The timeline lacks the
 * connections never answered and the runner's own.
 *
 * @param timelineSeconds null when no accept was stamped
 * @param ratio           timeline / kernel; null when either is missing or the kernel's is 0
 * @param agree           null when the timeline has no kernel accept queue part
 */
public record AcceptQueueCheck(
        Double timelineSeconds,
        double kernelSeconds,
        Double ratio,
        double samplesPerSecond,
        Boolean agree,
        String words) {

    static final double TOLERANCE = 0.20;
    static final double MIN_JUDGED_SECONDS = 2.0;

    /** @return null without the kernel's series */
    public static AcceptQueueCheck of(TimeBreakdown time, AcceptQueueArea kernel) {
        if (kernel == null || !time.present()) {
            return null;
        }
        String kernelSaw = String.format(
                Locale.ROOT,
                "the area under the listener's Recv-Q is %,.1f connection-seconds (%s, %.1f samples a second)",
                kernel.connectionSeconds(),
                kernel.file(),
                kernel.samplesPerSecond());
        if (!time.acceptMeasured()) {
            return new AcceptQueueCheck(
                    null,
                    kernel.connectionSeconds(),
                    null,
                    kernel.samplesPerSecond(),
                    null,
                    "Kernel accept queue not measured (no accept stamp: a run from before it, or a framework that "
                            + "shows none); " + kernelSaw);
        }
        double timeline = time.accepts().kernelQueueSeconds();
        double kernelSeconds = kernel.connectionSeconds();
        Double ratio = kernelSeconds > 0 ? timeline / kernelSeconds : null;
        boolean withinTolerance = Math.abs(timeline - kernelSeconds) <= TOLERANCE * kernelSeconds;
        boolean tooLittle = Math.max(timeline, kernelSeconds) < MIN_JUDGED_SECONDS;
        String verdict = withinTolerance
                ? "they agree (within " + Math.round(TOLERANCE * 100) + "%)"
                : tooLittle
                        ? String.format(
                                Locale.ROOT,
                                "too little queued to judge (under %.1f connection-seconds on both sides)",
                                MIN_JUDGED_SECONDS)
                        : "DISAGREE beyond " + Math.round(TOLERANCE * 100) + "%: "
                                + (timeline > kernelSeconds
                                        ? "the timeline counts time the kernel did not hold (a stamp later than accept?)"
                                        : "the kernel held connections the timeline cannot see (requests never answered, "
                                                + "connections closed unanswered, or a Recv-Q read too seldom)");
        String unseen = time.withoutServerRecord() > 0
                ? String.format(
                        Locale.ROOT,
                        "; %,d sample(s) the server never answered are not in the timeline's sum",
                        time.withoutServerRecord())
                : "";
        return new AcceptQueueCheck(
                timeline,
                kernelSeconds,
                ratio,
                kernel.samplesPerSecond(),
                withinTolerance || tooLittle,
                String.format(
                        Locale.ROOT,
                        "Kernel accept queue parts of %,d stamped first requests sum to %,.1f connection-seconds; %s: "
                                + "ratio %s, %s%s",
                        time.accepts().stamped(),
                        timeline,
                        kernelSaw,
                        ratio == null ? "n/a" : String.format(Locale.ROOT, "%.2f", ratio),
                        verdict,
                        unseen));
    }
}
