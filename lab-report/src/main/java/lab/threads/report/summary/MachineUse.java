package lab.threads.report.summary;

import java.nio.file.Path;
import java.util.List;
import lab.threads.report.math.MachineLedger;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.raw.LedgerFile;
import lab.threads.report.verdict.CoreUse;
import lab.threads.report.verdict.CpuSplit;
import lab.threads.report.verdict.MachineShares;

/**
 * How the machine's cores were used over the load: whether the sides were pinned to their own, each side's CPU, and
 * the machine's ledger of who used it ({@link CoreUse#SHARED}, {@link CpuSplit#UNKNOWN} and null without a sample).
 */
record MachineUse(CoreUse cores, CpuSplit cpu, MachineLedger ledger) {

    /** Reads the server folder's series over the load; never throws on bad files, notes what it cannot read. */
    static MachineUse read(Path serverDir, SampleEnds ends, List<String> notes) {
        CoreUse cores = ends.isEmpty() ? CoreUse.SHARED : CoreUse.read(serverDir, ends.firstStart(), ends.lastEnd());
        CpuSplit cpu = ends.isEmpty() ? CpuSplit.UNKNOWN : CpuSplit.read(serverDir, ends.firstStart(), ends.lastEnd());
        MachineLedger ledger = ends.isEmpty()
                ? null
                : MachineLedger.over(LedgerFile.read(serverDir, notes), ends.firstStart(), ends.lastEnd());
        return new MachineUse(cores, cpu, ledger);
    }

    /** The ledger's shares when the run kept one (it also sees steal and other programs); else each side's CPU. */
    MachineShares shares(int machineCores) {
        return ledger == null ? MachineShares.of(cpu, machineCores) : MachineShares.of(ledger);
    }
}
