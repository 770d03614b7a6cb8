package lab.threads.report.verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import lab.threads.report.math.LedgerParts;
import lab.threads.report.math.MachineLedger;

/**
 * What the server, the client and everyone else got of the machine over a turn's load, for {@link TurnWord}: from the
 * machine's ledger, or in an older run from the two processes' own series, which know nothing of steal or other
 * programs.
 *
 * @param serverPercent the server's share of the busy machine in the seconds every core was busy; NaN without any
 * @param clientOfBusyPercent the client's share (every process of it on this machine) of the busy time over the load;
 *     NaN without a ledger
 * @param stealPercent  steal's share of the busy time over the load; 0 without a ledger, as {@code otherPercent}
 * @param parts         the ledger's parts above {@value TurnWord#NAMED_PART_PERCENT}% of the busy time, in words
 * @param others        who the other programs were, with their seconds; empty when none or unknown
 */
public record MachineShares(
        boolean ledger,
        int seconds,
        int saturatedSeconds,
        double serverPercent,
        double clientPercent,
        double clientOfBusyPercent,
        double stealPercent,
        double otherPercent,
        String parts,
        String others) {

    /** Neither the ledger nor both sides' own CPU: nothing to decide the machine's part on. */
    public static final MachineShares UNKNOWN = new MachineShares(
            false,
            0,
            0,
            Double.NaN,
            Double.NaN,
            Double.NaN,
            0,
            0,
            "no ledger (an older run), and each side's CPU is unknown",
            "");

    /** The ledger's figures, the parts it names and who the other programs were. */
    public static MachineShares of(MachineLedger ledger) {
        LedgerParts load = ledger.load();
        LedgerParts busy = ledger.saturated();
        String others = ledger.others().entrySet().stream()
                .limit(3)
                .map(other -> String.format(Locale.ROOT, "%s %.1f s", other.getKey(), other.getValue() / 1000.0))
                .collect(Collectors.joining(", "));
        List<String> named = load.byPart().entrySet().stream()
                .sorted(Map.Entry.<LedgerParts.Part, Long>comparingByValue().reversed())
                .filter(part -> load.percentOfBusy(part.getValue()) > TurnWord.NAMED_PART_PERCENT)
                .map(part -> String.format(
                        Locale.ROOT,
                        "%s %.1f s (%.0f%%%s)",
                        part.getKey().words(),
                        part.getValue() / 1000.0,
                        load.percentOfBusy(part.getValue()),
                        part.getKey() == LedgerParts.Part.OTHER && !others.isEmpty() ? ": " + others : ""))
                .toList();
        return new MachineShares(
                true,
                ledger.seconds(),
                ledger.saturatedSeconds(),
                ledger.saturatedSeconds() == 0 ? Double.NaN : busy.percentOfBusy(busy.serverMs()),
                ledger.saturatedSeconds() == 0 ? Double.NaN : busy.percentOfBusy(busy.clientMs()),
                load.percentOfBusy(load.clientMs()),
                load.percentOfBusy(load.stealMs()),
                load.percentOfBusy(load.otherMs()),
                String.format(
                                Locale.ROOT,
                                "busy %.1f s of %d cores x %d s: ",
                                load.busyMs() / 1000.0,
                                ledger.cores(),
                                ledger.seconds())
                        + (named.isEmpty()
                                ? "no part above " + (int) TurnWord.NAMED_PART_PERCENT + "%"
                                : String.join(", ", named)),
                others);
    }

    /**
     * An older run's figures: each side's CPU from its own series over the cores' whole time in the seconds all were
     * busy.
     *
     * @param clientCores the machine's cores as the client's record names them; 0: the processes' series are asked
     */
    public static MachineShares of(CpuSplit cpu, int clientCores) {
        int machineCores = clientCores > 0 ? clientCores : cpu.machineCores();
        if (!cpu.known() || machineCores <= 0) {
            return UNKNOWN;
        }
        boolean busyKnown = cpu.busyClientCpuMs() > 0 && cpu.busyServerCpuMs() > 0;
        double coresMs = 1000.0 * machineCores * (busyKnown ? cpu.saturatedSeconds() : cpu.seconds());
        boolean any = cpu.saturatedSeconds() > 0;
        return new MachineShares(
                false,
                cpu.seconds(),
                cpu.saturatedSeconds(),
                any ? 100 * (busyKnown ? cpu.busyServerCpuMs() : cpu.serverCpuMs()) / coresMs : Double.NaN,
                any ? 100 * (busyKnown ? cpu.busyClientCpuMs() : cpu.clientCpuMs()) / coresMs : Double.NaN,
                Double.NaN,
                0,
                0,
                "no ledger (an older run): " + cpu.coresWords(machineCores),
                "");
    }

    boolean anySaturated() {
        return saturatedSeconds > 0 && !Double.isNaN(serverPercent);
    }

    /** The share of the load's seconds in which every core was busy, in percent. */
    double saturatedPercentOfLoad() {
        return seconds == 0 ? 0 : 100.0 * saturatedSeconds / seconds;
    }

    /** Steal, and other programs when every core was busy a second at least (else they took nothing), by share. */
    Map<String, Double> disturbers() {
        Map<String, Double> disturbers = new LinkedHashMap<>();
        disturbers.put("steal (the hypervisor's other guests)", stealPercent);
        if (anySaturated()) {
            disturbers.put("other programs" + (others.isEmpty() ? "" : " (" + others + ")"), otherPercent);
        }
        return disturbers;
    }
}
