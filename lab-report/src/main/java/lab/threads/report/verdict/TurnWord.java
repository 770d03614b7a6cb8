package lab.threads.report.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import lab.threads.model.client.LoadClient;

/**
 * The one rule that gives a server's turn its word: whose figures these are. The console, the page, summary.json and
 * the checks all print or use the word it decides, so the same facts never get two words. Shares of the busy machine
 * are taken in the seconds every core was busy, where the sides had to compete; a share is "clearly" past a line when
 * it is past it by {@value #NEAR_POINTS} points or more. The rule, first match wins:
 *
 * <ol>
 * <li><b>disturbed</b>: steal, or other programs while every core was busy for a second at least (on a machine with a
 *     core to spare they take nothing from the sides), took more than {@value #DISTURBED_PERCENT}% of the turn's busy
 *     time: the figures are partly someone else's, named with their seconds, whatever the client's own evidence says
 *     (a client short of cores pauses and stalls for the same reason the server does).
 * <li><b>client-bound</b>: the client's own doing. Its own evidence ({@link ClientVerdict#judge}: its resource errors,
 *     GC pauses, falling behind its schedule, busy while lagging, or stalls while the cores were not all busy); or,
 *     every core busy for clearly more than {@value #LOAD_SATURATED_PERCENT}% of the load, the client took at least as
 *     much of the busy machine as the server (its CPU crowded the server out); or, each side on cores of its own, the
 *     client kept its own busy longer than the server did.
 * <li><b>machine-bound</b>: every core busy for clearly more than {@value #LOAD_SATURATED_PERCENT}% of the load and
 *     the server clearly under {@value #SERVER_SHARE_LINE_PERCENT}% of the busy machine: it was short of cores the
 *     client and the lab held, so the figures are the shared machine's. Also when the client's only sign is stalls,
 *     while some seconds had every core busy and the server took more of them than the client.
 * <li><b>near machine-bound</b>: either share of machine-bound within {@value #NEAR_POINTS} points of its line and
 *     neither clearly on the other side: a repeat could fall either side, so the word says so rather than flip.
 * <li>otherwise what the client's own record says: <b>no client limit seen</b> (the server's own figures), or
 *     <b>unknown</b> when there is no record to judge by.
 * </ol>
 * Without a ledger (an older run) the two processes' own series stand in for it, and steal and other programs are
 * unknown.
 */
public final class TurnWord {

    /** Every core busy for at least this share of the load's seconds: the sides competed for the machine. */
    static final double LOAD_SATURATED_PERCENT = 50;
    /** The server got less of the busy machine than this, in percent: it was short of cores. */
    static final double SERVER_SHARE_LINE_PERCENT = 65;
    /** Shares this many points either side of a line read "near". */
    static final double NEAR_POINTS = 5;
    /** Steal, or other programs, above this share of the busy time disturbed the turn. */
    static final double DISTURBED_PERCENT = 5;
    /** A part of the ledger above this share of the busy time is named in the findings. */
    static final double NAMED_PART_PERCENT = 5;

    static final String DISTURBED_ADVICE = "Steal or other programs took the machine's cores during the load: the "
            + "figures are partly theirs. Run again on a quiet machine (the findings name who), or compare the repeats "
            + "that were not disturbed.";

    private TurnWord() {}

    /** Where a share stands against a line: clearly on the word's side, within the near band, or clearly not. */
    enum Side {
        YES,
        NEAR,
        NO;

        static Side atLeast(double value, double line) {
            return Double.isNaN(value) || value <= line - NEAR_POINTS ? NO : value >= line + NEAR_POINTS ? YES : NEAR;
        }

        static Side below(double value, double line) {
            return Double.isNaN(value) || value >= line + NEAR_POINTS ? NO : value <= line - NEAR_POINTS ? YES : NEAR;
        }
    }

    /**
     * The turn's word, with the machine's figures and the reason among the findings.
     *
     * @param noIdeal the plan has no think time: the req/s is whatever the slower side allows
     */
    public static ClientVerdict decide(
            ClientVerdict own,
            MachineShares shares,
            CoreUse cores,
            boolean noIdeal,
            boolean guest,
            CpuSplit cpu,
            long samples,
            LoadClient recorder) {
        List<String> findings = new ArrayList<>(own.findings());
        findings.add("machine: " + shares.parts());
        if (cores.pinned()) {
            findings.add(cores.finding());
        }
        Decision decision =
                disturbance(shares).orElseGet(() -> cores.pinned() ? pinned(own, cores) : shared(own, shares));
        decision.reason().ifPresent(findings::add);
        if (noIdeal) {
            findings.add(0, noThinkTime(decision.word(), guest, cpu, cores, samples));
        }
        String advice = switch (decision.word()) {
            case CLIENT_BOUND ->
                own.verdict() == Verdict.CLIENT_BOUND && decision.reason().isEmpty()
                        ? own.advice()
                        : ClientFindings.clientBoundAdvice(recorder, noIdeal);
            case DISTURBED -> DISTURBED_ADVICE;
            case MACHINE_BOUND, NEAR_MACHINE_BOUND -> ClientVerdict.MACHINE_ADVICE;
            case NO_CLIENT_LIMIT -> own.advice() + ledgerClientShare(shares);
            default -> own.advice();
        };
        return own.withWord(decision.word(), findings, advice);
    }

    /**
     * The client's share of the machine from the ledger, which counts every process of it here (split forks, local
     * workers), where the client's own record knows only the process that wrote it.
     */
    private static String ledgerClientShare(MachineShares shares) {
        return shares.ledger()
                ? String.format(
                        Locale.ROOT,
                        " The machine's ledger gives the client (every process of it on this machine) %.0f%% of the"
                                + " busy time over the load.",
                        shares.clientOfBusyPercent())
                : "";
    }

    /** The word and, when the machine's figures decided it, why in one sentence. */
    private record Decision(Verdict word, Optional<String> reason) {
        static Decision of(Verdict word, String reason) {
            return new Decision(word, Optional.of(word.label() + ": " + reason));
        }

        static Decision kept(Verdict word) {
            return new Decision(word, Optional.empty());
        }
    }

    private static Decision pinned(ClientVerdict own, CoreUse cores) {
        return own.verdict() == Verdict.CLIENT_BOUND || cores.clientBusy() <= cores.serverBusy()
                ? Decision.kept(own.verdict())
                : Decision.of(Verdict.CLIENT_BOUND, "the client ran out of its own cores first");
    }

    private static Decision shared(ClientVerdict own, MachineShares shares) {
        boolean saturated = shares.anySaturated();
        boolean clientCostlier = saturated && shares.clientPercent() >= shares.serverPercent();
        boolean stallsAreTheMachines = own.stallsOnly() && saturated && !clientCostlier;
        Side competed = Side.atLeast(shares.saturatedPercentOfLoad(), LOAD_SATURATED_PERCENT);
        String busy = String.format(
                Locale.ROOT,
                "every core busy for %d of %d s (the line is %.0f%% of the load)",
                shares.saturatedSeconds(),
                shares.seconds(),
                LOAD_SATURATED_PERCENT);
        if (competed == Side.YES && clientCostlier) {
            return Decision.of(
                    Verdict.CLIENT_BOUND,
                    String.format(
                            Locale.ROOT,
                            "%s, the client took %.0f%% of the busy machine and the server %.0f%%: the client's CPU "
                                    + "crowded the server out",
                            busy,
                            shares.clientPercent(),
                            shares.serverPercent()));
        }
        if (own.verdict() == Verdict.CLIENT_BOUND && !stallsAreTheMachines) {
            return Decision.kept(Verdict.CLIENT_BOUND);
        }
        String starvedWords = String.format(
                Locale.ROOT,
                "the server took %.0f%% of the busy machine (the line is %.0f%%), the client %.0f%%",
                shares.serverPercent(),
                SERVER_SHARE_LINE_PERCENT,
                shares.clientPercent());
        if (stallsAreTheMachines) {
            return Decision.of(
                    Verdict.MACHINE_BOUND,
                    "the client's only sign is stalls, while " + busy + " and " + starvedWords
                            + ": the stalls are the machine's");
        }
        Side starved = Side.below(shares.serverPercent(), SERVER_SHARE_LINE_PERCENT);
        if (competed == Side.YES && starved == Side.YES) {
            return Decision.of(
                    Verdict.MACHINE_BOUND, busy + " and " + starvedWords + ": the figures are the shared machine's");
        }
        if (competed != Side.NO && starved != Side.NO) {
            return Decision.of(
                    Verdict.NEAR_MACHINE_BOUND,
                    starvedWords + "; " + busy + ": within " + (int) NEAR_POINTS + " points of a line, so a repeat "
                            + "may fall either side");
        }
        return Decision.kept(own.verdict());
    }

    /** Disturbed when steal or other programs took more than {@value #DISTURBED_PERCENT}% of the busy time. */
    private static Optional<Decision> disturbance(MachineShares shares) {
        Map<String, Double> over = shares.disturbers().entrySet().stream()
                .filter(disturber -> disturber.getValue() > DISTURBED_PERCENT)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, Double::sum, LinkedHashMap::new));
        if (over.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Decision.of(
                Verdict.DISTURBED,
                over.entrySet().stream()
                                .map(disturber -> String.format(
                                        Locale.ROOT, "%s took %.1f%%", disturber.getKey(), disturber.getValue()))
                                .collect(Collectors.joining(" and "))
                        + " of the busy time (the line is " + (int) DISTURBED_PERCENT + "%)"));
    }

    /** Without think time the req/s is whatever the slower side allows: which side's CPU that was. */
    private static String noThinkTime(Verdict word, boolean guest, CpuSplit cpu, CoreUse cores, long samples) {
        String why =
                guest ? "no think time, and no --service-ms for the guest's own time" : "no think time (0 ms sleep)";
        if (!cpu.known()) {
            return why + ": each side's CPU is unknown, so what bounded the req/s cannot be told";
        }
        String bound = switch (word) {
            case CLIENT_BOUND ->
                cores.pinned()
                        ? "the client ran out of its own cores first: the req/s is the client's"
                        : "the client's CPU bounded the req/s: it measured itself as much as the server";
            case MACHINE_BOUND, NEAR_MACHINE_BOUND -> "the req/s is the shared machine's";
            case DISTURBED -> "other users of the machine took part of the cores";
            default ->
                cores.pinned()
                        ? "the client did not run out of its cores first"
                        : cpu.machineSaturated()
                                ? "the server's CPU bounded the req/s (the client spent less)"
                                : "the cores were not saturated: neither side's CPU bounded the req/s";
        };
        return why + ": " + cpu.words(samples) + ": " + bound;
    }
}
