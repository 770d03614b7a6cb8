package lab.threads.report.verdict;

import java.util.Locale;
import lab.threads.report.math.Numbers;

/** The verdict without think time (a 0 ms sleep): what the bound {@link ClientVerdict} names cost in req/s. */
public final class NoBlockingVerdict {

    private NoBlockingVerdict() {}

    /** The verdict with the req/s a client that cost nothing would have left the server, on saturated shared cores. */
    public static ClientVerdict of(
            ClientVerdict verdict, boolean noIdeal, CpuSplit cpu, CoreUse cores, double throughput) {
        if (!(noIdeal && !cores.pinned() && cpu.known() && cpu.machineSaturated() && throughput > 0)) {
            return verdict;
        }
        return verdict.withFact(ceiling(cpu, throughput));
    }

    /** The CPU both sides spent, at the server's cost a request: {@code throughput x (client + server) / server}. */
    static String ceiling(CpuSplit cpu, double throughput) {
        double clientShare = (double) cpu.clientCpuMs() / (cpu.clientCpuMs() + cpu.serverCpuMs());
        double serverAlone = throughput * (cpu.clientCpuMs() + cpu.serverCpuMs()) / cpu.serverCpuMs();
        return String.format(
                Locale.ROOT,
                "the client took %.0f%% of the CPU the two sides spent: with a client that cost nothing, the same CPU "
                        + "at the server's own cost a request would have carried about %s req/s (this run: %s)",
                100 * clientShare,
                Numbers.count(Math.round(serverAlone)),
                Numbers.count(Math.round(throughput)));
    }
}
