package lab.threads.report.summary;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import lab.threads.model.client.LoadClient;
import lab.threads.model.samples.JtlReader;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SampleStatistics;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.math.AcceptQueueCheck;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.PoolWaits;
import lab.threads.report.math.RequestTimeline;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.SecondBuckets;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.AcceptQueueArea;
import lab.threads.report.raw.RecordedClient;
import lab.threads.report.raw.ServerRequestLog;
import lab.threads.report.raw.SynRetryBands;
import lab.threads.report.verdict.ErrorCauses;
import lab.threads.report.verdict.ErrorClasses;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;

/**
 * What one pass over a server's samples.jtl gathered: every figure taken from the samples is fed by the same read, so a
 * large jtl is read once.
 *
 * @param partial true when samples.jtl is cut or unreadable
 * @param seconds the samples by second; fed only for a staged plan
 */
record SamplePass(
        boolean partial,
        LoadClient loadClient,
        SummaryReportRow summary,
        Percentiles percentiles,
        int peakUsersInFlight,
        Map<String, Long> byCause,
        ErrorClasses classes,
        SampleEnds ends,
        ArrivalLag arrivals,
        TimeBreakdown breakdown,
        PoolWaits poolWaits,
        SynRetryBands connects,
        SecondBuckets seconds) {

    /** Reads the server folder's samples.jtl and request log; never throws on bad files, notes what it cannot read. */
    static SamplePass read(Path serverDir, PlanShape runPlan, List<String> notes) {
        SampleStatistics statistics = new SampleStatistics();
        ErrorCauses errors = new ErrorCauses();
        ErrorClasses classes = new ErrorClasses();
        SampleEnds ends = new SampleEnds();
        ArrivalLag arrivals = new ArrivalLag();
        LoadClient loadClient = RecordedClient.of(serverDir);
        RequestTimeline timeline = new RequestTimeline(
                ServerRequestLog.read(serverDir.resolve(RunFolder.REQUESTS_FILE), notes),
                ErrorCauses::causeOf,
                loadClient);
        SynRetryBands connects = new SynRetryBands();
        SecondBuckets seconds = new SecondBuckets();
        boolean partial = JtlReader.read(
                serverDir.resolve(RunFolder.SAMPLES_FILE),
                statistics
                        .andThen(errors)
                        .andThen(classes)
                        .andThen(ends)
                        .andThen(arrivals)
                        .andThen(timeline)
                        .andThen(connects)
                        .andThen(runPlan instanceof PlanShape.Staged ? seconds : sample -> {}),
                notes);
        return new SamplePass(
                partial,
                loadClient,
                statistics.summaryReportRow(),
                statistics.percentiles(),
                statistics.peakUsersInFlight(),
                errors.byCount(),
                classes,
                ends,
                arrivals,
                checkedBreakdown(serverDir, timeline.breakdown(runPlan.sleepMs())),
                timeline.poolWaits(),
                connects,
                seconds);
    }

    /** The breakdown checked against the area under the listener's Recv-Q; the area's notes are not the row's. */
    private static TimeBreakdown checkedBreakdown(Path serverDir, TimeBreakdown measured) {
        return measured.checkedAgainst(AcceptQueueCheck.of(
                measured,
                AcceptQueueArea.read(
                        serverDir.resolve(RunFolder.ACCEPT_QUEUE_FILE),
                        serverDir.resolve(RunFolder.KERNEL_FILE),
                        new ArrayList<>())));
    }

    /** The samples' first start, epoch ms, or null without a sample. */
    Long firstStart() {
        return ends.isEmpty() ? null : ends.firstStart();
    }

    /** The samples' last end, epoch ms, or null without a sample. */
    Long lastEnd() {
        return ends.isEmpty() ? null : ends.lastEnd();
    }
}
