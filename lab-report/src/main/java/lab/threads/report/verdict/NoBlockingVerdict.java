package lab.threads.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import lab.threads.report.math.Numbers;

/**
 * The verdict in the no-blocking regime (a 0 ms sleep): {@link ClientVerdict} says which side's CPU bounded the req/s;
 * this adds what that bound cost in req/s.
 */
public final class NoBlockingVerdict {

    private NoBlockingVerdict() {}

    /**
     * The verdict for a run with no ideal, with the req/s the server could have reached had the client cost nothing
     * (on shared, saturated cores: the CPU both spent, at the server's own cost a request). A run with an ideal (a
     * sleep) is left as it was.
     *
     * @param noIdeal    the plan has no ideal (a 0 ms sleep)
     */
    public static ClientVerdict of(
            ClientVerdict verdict, boolean noIdeal, CpuSplit cpu, CoreUse cores, double throughput) {
        if (!(noIdeal && !cores.pinned() && cpu.known() && cpu.machineSaturated() && throughput > 0)) {
            return verdict;
        }
        List<String> findings = new ArrayList<>(verdict.findings());
        findings.add(ceiling(cpu, throughput));
        return verdict.withFindings(findings);
    }

    /**
     * On saturated shared cores the two sides split the CPU: at the server's own cost a request, the CPU both spent
     * would have carried {@code throughput x (client + server) / server} req/s with a client that cost nothing.
     */
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
