package lab.threads.report.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.threads.client.LoadClient;
import lab.threads.report.math.AcceptQueueCheck;
import lab.threads.report.math.ArrivalLag;
import lab.threads.report.math.InFlightMemory;
import lab.threads.report.math.MachineLedger;
import lab.threads.report.math.MemoryPerRequest;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.Percentiles;
import lab.threads.report.math.RequestTimeline;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.SampleStatistics;
import lab.threads.report.math.SecondBuckets;
import lab.threads.report.math.SummaryReportRow;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.AcceptQueueArea;
import lab.threads.report.raw.ClientHealth;
import lab.threads.report.raw.ClientPoint;
import lab.threads.report.raw.ClientProcesses;
import lab.threads.report.raw.ClientSnapshot;
import lab.threads.report.raw.DatabaseSeries;
import lab.threads.report.raw.JtlReader;
import lab.threads.report.raw.JvmProfile;
import lab.threads.report.raw.KernelEvidence;
import lab.threads.report.raw.LedgerFile;
import lab.threads.report.raw.MemoryPlateaus;
import lab.threads.report.raw.PoolSeries;
import lab.threads.report.raw.RecordedClient;
import lab.threads.report.raw.SeriesGaps;
import lab.threads.report.raw.ServerMemorySecond;
import lab.threads.report.raw.ServerRequestLog;
import lab.threads.report.raw.ServerSecond;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.raw.ServerView;
import lab.threads.report.raw.SynRetryBands;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.CoreUse;
import lab.threads.report.verdict.CpuSplit;
import lab.threads.report.verdict.DatabaseView;
import lab.threads.report.verdict.ErrorCauses;
import lab.threads.report.verdict.ErrorClassTally;
import lab.threads.report.verdict.ErrorClasses;
import lab.threads.report.verdict.MachineShares;
import lab.threads.report.verdict.NoBlockingVerdict;
import lab.threads.report.verdict.PoolVerdict;
import lab.threads.report.verdict.ServerLogLimits;
import lab.threads.report.verdict.StagedOutcome;
import lab.threads.report.verdict.TurnWord;
import lab.threads.run.GuestFacts;
import lab.threads.run.PlanShape;
import lab.threads.run.RunFolder;
import lab.threads.run.RunOutcome;

/**
 * One server's row of the report: JMeter's Summary Report columns, Aggregate Report percentiles, failures by cause,
 * how close the run came to the plan's ideal, the server's own peaks and latency, the client's health, and whether
 * the client was the bottleneck.
 *
 * @param server            the server id, also its folder name in the run folder
 * @param outcome           how the server's turn ended, in words
 * @param partial           true when the samples stop before the plan's end: samples.jtl cut (or unreadable), or the
 *                          turn ended early with samples ({@link RunOutcome#endedEarly}: a server or client died,
 *                          the runner stopped)
 * @param notes             what was missing or unreadable in the server's files; empty when all was well
 * @param errorsByCause     failed samples per labelled cause ("server: HTTP 503", "client: java.net..."), most first
 * @param errorClasses      the same failures by class (refused, connect timeout, reset, ...), each with its side and
 *                          limit, in total and per second; {@link ErrorClassTally#NONE} in an older summary.json
 * @param percentOfIdeal    see {@link PlanShape#percentOfIdeal}
 * @param peakUsersInFlight most JMeter users running at once (the jtl's allThreads column)
 * @param serverView        the server's own latency over the run; null when the server gave none
 * @param client            the client's own health over the run
 * @param validity          whether the client set the figures, in words
 * @param timeline          where each request's time went, measured at both ends and joined; {@link TimeBreakdown#NONE}
 *                          without the server's request log
 * @param kernel            the kernel's view of the listening port, checked against JMeter's connects; null without one
 * @param seriesGaps        where a once-a-second series is missing during the load, one sentence per series
 * @param profile           the JVMs' own counts from their recordings; null (and left out of summary.json) without
 *                          {@code --profile}
 * @param cpu               each side's CPU over the load, from the runner's /proc series; null in an older
 *                          summary.json
 * @param pool              whether the pool the requests waited through set the pace; null (and left out of
 *                          summary.json) when they went through none
 * @param guest             a guest's URL, process and collections, a service the lab did not write, whose peaks
 *                          come from its process read from outside and whose own timings are not measured; null (and
 *                          left out of summary.json) for the lab's own servers
 * @param staged            a spike's or a step plan's stages, knee or recovery; null (and left out of summary.json)
 *                          for any other plan
 * @param ledger            the machine's CPU by who used it over the load, in total, in the seconds every core was
 *                          busy and second by second; null (and left out of summary.json) in a run without a ledger
 * @param memory            a hold plan's bytes per held request by part; null (and left out of summary.json) without
 *                          its memory.jsonl
 * @param inFlightMemory    the server's memory growth per request in flight from its own /stats; null (and left out of
 *                          summary.json) when its series lacks the fields (an older run, a guest)
 */
public record ServerSummary(
        String server,
        RunOutcome outcome,
        boolean partial,
        List<String> notes,
        SummaryReportRow summary,
        Percentiles percentiles,
        Map<String, Long> errorsByCause,
        ErrorClassTally errorClasses,
        double idealThroughput,
        double percentOfIdeal,
        long peakUsersInFlight,
        ServerStatsPeaks serverStats,
        ServerView serverView,
        ClientHealth client,
        ClientVerdict validity,
        TimeBreakdown timeline,
        KernelEvidence kernel,
        List<String> seriesGaps,
        @JsonInclude(JsonInclude.Include.NON_NULL) JvmProfile profile,
        @JsonInclude(JsonInclude.Include.NON_NULL) CpuSplit cpu,
        @JsonInclude(JsonInclude.Include.NON_NULL) PoolVerdict pool,
        @JsonInclude(JsonInclude.Include.NON_NULL) GuestFacts guest,
        @JsonInclude(JsonInclude.Include.NON_NULL) StagedOutcome staged,
        @JsonInclude(JsonInclude.Include.NON_NULL) MachineLedger ledger,
        @JsonInclude(JsonInclude.Include.NON_NULL) MemoryPerRequest memory,
        @JsonInclude(JsonInclude.Include.NON_NULL) InFlightMemory inFlightMemory) {

    public ServerSummary {
        // A summary.json written before the timeline existed has none.
        timeline = timeline == null ? TimeBreakdown.NONE : timeline;
        errorClasses = errorClasses == null ? ErrorClassTally.NONE : errorClasses;
    }

    /**
     * The part that held the slowest 1% back, with its seconds; on a machine whose cores were all busy, for how long,
     * since every part then also holds each side's wait for a core. n/a without the server's request log.
     */
    public String timeVerdict() {
        if (guest != null) {
            return GuestFacts.NO_REQUEST_LOG;
        }
        if (!timeline.present()) {
            return Numbers.NOT_AVAILABLE;
        }
        int saturated = validity == null ? 0 : validity.machineSaturatedSeconds();
        return timeline.verdict() + (saturated > 0 ? "; all cores busy for " + saturated + " s" : "");
    }

    /** The plan ran, and not one of its requests succeeded: nothing here is the server's answer to /sleep. */
    public boolean everyRequestFailed() {
        return summary.samples() > 0 && failedSamples() >= summary.samples();
    }

    /** The samples that failed, of every cause. */
    public long failedSamples() {
        return errorsByCause.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The most frequent failure, e.g. "client: java.net.ConnectException: Connection refused (100 of 100)". */
    public String topErrorCause() {
        return errorsByCause.entrySet().stream()
                .findFirst()
                .map(cause -> String.format(
                        Locale.ROOT, "%s (%,d of %,d)", cause.getKey(), cause.getValue(), summary.samples()))
                .orElse("no cause recorded");
    }

    public ServerSummary withOutcome(RunOutcome newOutcome) {
        return new ServerSummary(
                server,
                newOutcome,
                partial,
                notes,
                summary,
                percentiles,
                errorsByCause,
                errorClasses,
                idealThroughput,
                percentOfIdeal,
                peakUsersInFlight,
                serverStats,
                serverView,
                client,
                validity,
                timeline,
                kernel,
                seriesGaps,
                profile,
                cpu,
                pool,
                guest,
                staged,
                ledger,
                memory,
                inFlightMemory);
    }

    /**
     * The bytes a request in flight costs the server, for the first screen: on a hold plan the resident set's slope
     * over its plateaus, read after forced collections; else the growth per request in flight of its own series,
     * which counts the live heap rather than the heap the collector let grow. Null without either.
     */
    public Double memoryBytesPerRequest() {
        if (memory != null) {
            return memory.residentBytesPerRequest();
        }
        return inFlightMemory == null ? null : inFlightMemory.bytesPerRequest();
    }

    /** Reads the server folder's files; never throws on bad files. */
    public static ServerSummary from(String serverId, Path serverDir, PlanShape runPlan, RunOutcome outcome) {
        List<String> notes = new ArrayList<>();
        GuestFacts guest = GuestFacts.read(serverDir, notes);
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
                        .andThen(runPlan.isStaged() ? seconds : sample -> {}),
                notes);
        TimeBreakdown measured = timeline.breakdown(runPlan.sleepMs());
        TimeBreakdown breakdown = measured.checkedAgainst(AcceptQueueCheck.of(
                measured,
                AcceptQueueArea.read(
                        serverDir.resolve(RunFolder.ACCEPT_QUEUE_FILE),
                        serverDir.resolve(RunFolder.KERNEL_FILE),
                        new ArrayList<>())));
        ServerStatsPeaks serverStats = guest == null
                ? ServerStatsPeaks.read(
                        serverDir.resolve(RunFolder.STATS_FILE), notes, ends.isEmpty() ? null : ends.lastEnd())
                : GuestNotes.peaks(serverDir, guest, notes, ends.isEmpty() ? null : ends.lastEnd());
        PlanShape plan = OwnPath.of(runPlan, serverStats.settings(), notes);
        ServerView serverView = guest == null
                ? ServerView.read(
                        serverDir.resolve(RunFolder.STATS_FILE), ends.isEmpty() ? null : ends.firstStart(), notes)
                : null;
        if (serverStats.silentAtEndSeconds() != null) {
            // Its histogram stops where its answers stopped: a p99 of the early, easy part would flatter it.
            serverView = null;
            notes.add(String.format(
                    Locale.ROOT,
                    "the server did not answer /stats for the last %.0f s of the load: its own "
                            + "latency for the run is unknown, and its peaks and CPU are only what it reported before (lower "
                            + "bounds, marked ≥); its server.log may say why",
                    serverStats.silentAtEndSeconds()));
        }
        List<ServerSecond> serverSeconds = ServerSecond.read(serverDir.resolve(RunFolder.SERVER_SECONDS_FILE), notes);
        List<ClientSnapshot> clientSnapshots =
                ClientSnapshot.read(serverDir.resolve(RunFolder.CLIENT_STATS_FILE), notes);
        ClientHealth client = ClientHealth.of(clientSnapshots, ClientPoint.of(clientSnapshots, 0));
        SummaryReportRow summary = statistics.summaryReportRow();
        Percentiles percentiles = statistics.percentiles();
        Map<String, Long> byCause = errors.byCount();
        JvmProfile profile = JvmProfile.read(serverDir, serverId, notes);
        // Read before the notes are copied into the summary: it adds its own.
        KernelEvidence kernel =
                KernelEvidence.read(serverDir.resolve(RunFolder.KERNEL_FILE), connects, notes, loadClient);
        CoreUse cores = ends.isEmpty() ? CoreUse.SHARED : CoreUse.read(serverDir, ends.firstStart(), ends.lastEnd());
        CpuSplit cpu = ends.isEmpty() ? CpuSplit.UNKNOWN : CpuSplit.read(serverDir, ends.firstStart(), ends.lastEnd());
        MachineLedger ledger = ends.isEmpty()
                ? null
                : MachineLedger.over(LedgerFile.read(serverDir, notes), ends.firstStart(), ends.lastEnd());
        int machineCores = clientSnapshots.stream()
                .map(ClientSnapshot::cores)
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElse(0);
        long scheduleStartMs = client.scheduleStartMs() == null
                ? ends.firstStart()
                : Math.min(client.scheduleStartMs(), ends.firstStart());
        // Read before the notes are copied into the summary: the database's series adds its own.
        PoolVerdict pool = ends.isEmpty()
                ? null
                : PoolVerdict.of(
                        PoolSeries.read(serverDir.resolve(RunFolder.STATS_FILE), ends.firstStart(), ends.lastEnd()),
                        timeline.poolWaits(),
                        plan,
                        summary.throughput(),
                        DatabaseView.of(
                                DatabaseSeries.read(
                                        serverDir.resolve(RunFolder.DATABASE_FILE),
                                        ends.firstStart(),
                                        ends.lastEnd(),
                                        notes),
                                ends.firstStart()));
        double percentOfIdeal =
                ends.isEmpty() ? 0 : plan.percentOfIdeal(ends.successes(), scheduleStartMs, ends.lastEnd());
        double idealThroughput = plan.idealThroughput();
        List<String> outside = FigureRanges.outside(
                summary,
                percentiles,
                percentOfIdeal,
                plan.idealDurationSeconds(),
                loadClient.endResolutionMs(),
                pool == null ? null : pool.busyShare());
        if (!outside.isEmpty()) {
            notes.add(FigureRanges.defect(serverId, outside));
            if (FigureRanges.beatsTheIdeal(percentOfIdeal, plan.idealDurationSeconds(), loadClient.endResolutionMs())) {
                // No ideal is printed rather than one the run beat: its cells read n/a.
                idealThroughput = 0;
                percentOfIdeal = 0;
            }
        }
        // Read before the notes are copied into the summary: a damaged memory.jsonl adds its own.
        MemoryPerRequest memory =
                MemoryPerRequest.of(MemoryPlateaus.read(serverDir.resolve(RunFolder.MEMORY_FILE), notes));
        return new ServerSummary(
                serverId,
                outcome,
                // Samples that stop early are a part of the plan; none at all are no part of it.
                partial || (outcome.endedEarly() && !ends.isEmpty()),
                List.copyOf(notes),
                summary,
                percentiles,
                byCause,
                classes.tally(ends.isEmpty() ? 0 : scheduleStartMs),
                idealThroughput,
                percentOfIdeal,
                statistics.peakUsersInFlight(),
                serverStats,
                serverView,
                client,
                // Where each request's time went replaces the gap between the client's p99 and the server's own.
                NoBlockingVerdict.of(
                        TurnWord.decide(
                                ClientVerdict.judge(
                                                ends,
                                                serverSeconds,
                                                clientSnapshots,
                                                client,
                                                byCause,
                                                percentiles.p99(),
                                                breakdown.present() ? null : serverView,
                                                arrivals.against(plan, scheduleStartMs),
                                                loadClient)
                                        .withServerSide(
                                                ServerLogLimits.read(serverDir), serverView, plan.sleepMs(), breakdown)
                                        .withFact(
                                                ClientProcesses.read(serverDir).finding()),
                                ledger == null ? MachineShares.of(cpu, machineCores) : MachineShares.of(ledger),
                                cores,
                                !plan.hasIdeal(),
                                guest != null,
                                cpu,
                                summary.samples(),
                                loadClient),
                        !plan.hasIdeal(),
                        cpu,
                        cores,
                        summary.throughput()),
                breakdown,
                kernel,
                ends.isEmpty()
                        ? List.of()
                        : guest == null
                                ? SeriesGaps.describe(serverDir, ends.firstStart(), ends.lastEnd())
                                : SeriesGaps.describeGuest(serverDir, ends.firstStart(), ends.lastEnd()),
                profile,
                cpu,
                pool,
                guest,
                runPlan.isStaged() && !ends.isEmpty()
                        ? StagedOutcome.of(runPlan, seconds, scheduleStartMs, serverDir.resolve(RunFolder.STATS_FILE))
                        : null,
                ledger,
                memory,
                InFlightMemory.of(
                        ServerMemorySecond.read(serverDir.resolve(RunFolder.STATS_FILE)),
                        ends.isEmpty() ? null : ends.firstStart()));
    }
}
