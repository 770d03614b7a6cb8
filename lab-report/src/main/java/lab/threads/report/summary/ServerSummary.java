package lab.threads.report.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import lab.threads.model.samples.ClientHealth;
import lab.threads.model.summary.Percentiles;
import lab.threads.model.summary.SummaryReportRow;
import lab.threads.report.math.InFlightMemory;
import lab.threads.report.math.MachineLedger;
import lab.threads.report.math.MemoryPerRequest;
import lab.threads.report.math.Numbers;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.math.TimeBreakdown;
import lab.threads.report.raw.ClientProcesses;
import lab.threads.report.raw.DatabaseSeries;
import lab.threads.report.raw.JvmProfile;
import lab.threads.report.raw.KernelEvidence;
import lab.threads.report.raw.MemoryPlateaus;
import lab.threads.report.raw.PoolSeries;
import lab.threads.report.raw.SeriesGaps;
import lab.threads.report.raw.ServerMemorySecond;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.report.raw.ServerView;
import lab.threads.report.verdict.ClientVerdict;
import lab.threads.report.verdict.CpuSplit;
import lab.threads.report.verdict.DatabaseView;
import lab.threads.report.verdict.ErrorClassTally;
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
 * the client was the bottleneck. The components marked {@code NON_NULL} are null, and left out of summary.json,
 * where the run has no such evidence (no {@code --profile}, no pool, not a guest, not a staged or hold plan, an older
 * run).
 *
 * @param server         the server id, also its folder name in the run folder
 * @param partial        the samples stop before the plan's end: samples.jtl cut or unreadable, or the turn ended early
 *                       with samples ({@link RunOutcome#endedEarly})
 * @param notes          what was missing or unreadable in the server's files; empty when all was well
 * @param errorsByCause  failed samples per labelled cause ("server: HTTP 503", "client: java.net..."), most first
 * @param errorClasses   the same failures by class, side and limit; {@link ErrorClassTally#NONE} in an older summary
 * @param serverView     the server's own latency over the run; null when the server gave none
 * @param timeline       where each request's time went; {@link TimeBreakdown#NONE} without the server's request log
 * @param cpu            each side's CPU over the load; null in an older summary.json
 * @param guest          a service the lab did not write: its peaks come from its process read from outside
 * @param inFlightMemory the memory growth per request in flight from the server's own /stats
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
     * The part that held the slowest 1% back, and how long all cores were busy, when they were: every part then holds
     * each side's wait for a core.
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
     * The bytes a request in flight costs the server: a hold plan's resident-set slope after forced collections, else
     * its own series' growth of the live heap per request in flight; null without either.
     */
    public Double memoryBytesPerRequest() {
        return memory != null
                ? memory.residentBytesPerRequest()
                : inFlightMemory == null ? null : inFlightMemory.bytesPerRequest();
    }

    /** Reads the server folder's files; never throws on bad files. */
    public static ServerSummary from(String serverId, Path serverDir, PlanShape runPlan, RunOutcome outcome) {
        // Every reader adds its own notes: all of them read before the notes are copied into the row.
        List<String> notes = new ArrayList<>();
        GuestFacts guest = GuestFacts.read(serverDir, notes);
        SamplePass samples = SamplePass.read(serverDir, runPlan, notes);
        SampleEnds ends = samples.ends();
        ServerStatsPeaks serverStats = peaks(serverDir, guest, samples, notes);
        PlanShape plan = OwnPath.of(runPlan, serverStats.settings(), notes);
        ServerView serverView = ownView(serverDir, guest, samples, serverStats, notes);
        ClientEvidence client = ClientEvidence.read(serverDir, ends, notes);
        JvmProfile profile = JvmProfile.read(serverDir, serverId, notes);
        KernelEvidence kernel = KernelEvidence.read(
                serverDir.resolve(RunFolder.KERNEL_FILE), samples.connects(), notes, samples.loadClient());
        MachineUse machine = MachineUse.read(serverDir, ends, notes);
        PoolVerdict pool = pool(serverDir, samples, plan, notes);
        PlanIdeal ideal = PlanIdeal.checked(serverId, plan, samples, client.scheduleStartMs(), pool, notes);
        MemoryPerRequest memory =
                MemoryPerRequest.of(MemoryPlateaus.read(serverDir.resolve(RunFolder.MEMORY_FILE), notes));
        return new ServerSummary(
                serverId,
                outcome,
                // Samples that stop early are a part of the plan; none at all are no part of it.
                samples.partial() || (outcome.endedEarly() && !ends.isEmpty()),
                List.copyOf(notes),
                samples.summary(),
                samples.percentiles(),
                samples.byCause(),
                samples.classes().tally(ends.isEmpty() ? 0 : client.scheduleStartMs()),
                ideal.throughput(),
                ideal.percentOfIdeal(),
                samples.peakUsersInFlight(),
                serverStats,
                serverView,
                client.health(),
                validity(serverDir, samples, client, serverView, plan, machine, guest != null),
                samples.breakdown(),
                kernel,
                seriesGaps(serverDir, ends, guest),
                profile,
                machine.cpu(),
                pool,
                guest,
                staged(serverDir, runPlan, samples, client.scheduleStartMs()),
                machine.ledger(),
                memory,
                InFlightMemory.of(
                        ServerMemorySecond.read(serverDir.resolve(RunFolder.STATS_FILE)),
                        ends.isEmpty() ? null : ends.firstStart(),
                        serverStats.peakInFlight()));
    }

    /** The server's own peaks from /stats; a guest's from its process read from outside. */
    private static ServerStatsPeaks peaks(Path serverDir, GuestFacts guest, SamplePass samples, List<String> notes) {
        return guest == null
                ? ServerStatsPeaks.read(serverDir.resolve(RunFolder.STATS_FILE), notes, samples.lastEnd())
                : GuestNotes.peaks(serverDir, guest, notes, samples.lastEnd());
    }

    /**
     * The server's own latency over the run; null for a guest, and null with a note when its /stats fell silent before
     * the load's end.
     */
    private static ServerView ownView(
            Path serverDir, GuestFacts guest, SamplePass samples, ServerStatsPeaks serverStats, List<String> notes) {
        ServerView view = guest == null
                ? ServerView.read(serverDir.resolve(RunFolder.STATS_FILE), samples.firstStart(), notes)
                : null;
        if (serverStats.silentAtEndSeconds() == null) {
            return view;
        }
        // Its histogram stops where its answers stopped: a p99 of the early, easy part would flatter it.
        notes.add(String.format(
                Locale.ROOT,
                "the server did not answer /stats for the last %.0f s of the load: its own "
                        + "latency for the run is unknown, and its peaks and CPU are only what it reported before (lower "
                        + "bounds, marked ≥); its server.log may say why",
                serverStats.silentAtEndSeconds()));
        return null;
    }

    /** Whether the pool the requests waited through set the pace; null without a sample or a reported pool. */
    private static PoolVerdict pool(Path serverDir, SamplePass samples, PlanShape plan, List<String> notes) {
        SampleEnds ends = samples.ends();
        if (ends.isEmpty()) {
            return null;
        }
        return PoolVerdict.of(
                PoolSeries.read(serverDir.resolve(RunFolder.STATS_FILE), ends.firstStart(), ends.lastEnd()),
                samples.poolWaits(),
                plan,
                samples.summary().throughput(),
                DatabaseView.of(
                        DatabaseSeries.read(
                                serverDir.resolve(RunFolder.DATABASE_FILE), ends.firstStart(), ends.lastEnd(), notes),
                        ends.firstStart()));
    }

    /**
     * Whether the client set the figures, worded with the machine's part ({@link TurnWord}) and, without an ideal, the
     * ceiling it met ({@link NoBlockingVerdict}).
     */
    private static ClientVerdict validity(
            Path serverDir,
            SamplePass samples,
            ClientEvidence client,
            ServerView serverView,
            PlanShape plan,
            MachineUse machine,
            boolean guest) {
        TimeBreakdown breakdown = samples.breakdown();
        ClientVerdict judged = ClientVerdict.judge(
                        samples.ends(),
                        client.serverSeconds(),
                        client.snapshots(),
                        client.health(),
                        samples.byCause(),
                        samples.percentiles().p99(),
                        // Where each request's time went replaces the gap between the two sides' p99.
                        breakdown.present() ? null : serverView,
                        samples.arrivals().against(plan, client.scheduleStartMs()),
                        samples.loadClient())
                .withServerSide(ServerLogLimits.read(serverDir), serverView, plan.sleepMs(), breakdown)
                .withFact(ClientProcesses.read(serverDir).finding());
        boolean noIdeal = !plan.hasIdeal();
        ClientVerdict decided = TurnWord.decide(
                judged,
                machine.shares(client.machineCores()),
                machine.cores(),
                noIdeal,
                guest,
                machine.cpu(),
                samples.summary().samples(),
                samples.loadClient());
        return NoBlockingVerdict.of(
                decided,
                noIdeal,
                machine.cpu(),
                machine.cores(),
                samples.summary().throughput());
    }

    /** Where a once-a-second series is missing during the load, one sentence per series; none without a sample. */
    private static List<String> seriesGaps(Path serverDir, SampleEnds ends, GuestFacts guest) {
        return ends.isEmpty()
                ? List.of()
                : guest == null
                        ? SeriesGaps.describe(serverDir, ends.firstStart(), ends.lastEnd())
                        : SeriesGaps.describeGuest(serverDir, ends.firstStart(), ends.lastEnd());
    }

    /** A spike's or a step plan's stages; null for any other plan and without a sample. */
    private static StagedOutcome staged(Path serverDir, PlanShape runPlan, SamplePass samples, long scheduleStartMs) {
        return runPlan instanceof PlanShape.Staged staged && !samples.ends().isEmpty()
                ? StagedOutcome.of(staged, samples.seconds(), scheduleStartMs, serverDir.resolve(RunFolder.STATS_FILE))
                : null;
    }
}
