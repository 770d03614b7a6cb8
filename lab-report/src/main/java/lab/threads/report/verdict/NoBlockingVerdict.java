package lab.threads.report.verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import lab.threads.report.math.Numbers;
import lab.threads.report.raw.LoadClient;

/**
 * The verdict in the no-blocking regime (a 0 ms sleep), and in the words of the client that ran. {@link ClientVerdict}
 * says which side's CPU bounded the req/s; this adds what that bound cost in req/s, and names the client: a Hyperfoil
 * run's evidence says "Hyperfoil's p99", not "JMeter's", and its advice does not send the reader to the client it
 * already used.
 */
public final class NoBlockingVerdict {

    /** JMeter's name where it names the client that recorded (not its workers, nor its plan's columns). */
    private static final Pattern RECORDING_CLIENT =
            Pattern.compile(Pattern.quote(LoadClient.JMETER.label()) + "(?='s p99| recorded|'s \\d|'s latency)");

    static final String HYPERFOIL_ADVICE =
            "The req/s and latency include Hyperfoil's own delays (it shares the cores): "
                    + "to measure the server, the client on cores of its own (--cpus) or the server on another machine (--target).";

    private NoBlockingVerdict() {}

    /**
     * The verdict for a run with no ideal, with the req/s the server could have reached had the client cost nothing
     * (on shared, saturated cores: the CPU both spent, at the server's own cost a request), and in the named client's
     * words. A run with an ideal (a sleep) only gets the client's name.
     *
     * @param noIdeal    the plan has no ideal (a 0 ms sleep)
     * @param throughput the client's req/s over the load
     * @param client     the client that recorded the samples ({@link LoadClient#of(Path)})
     */
    public static ClientVerdict of(
            ClientVerdict verdict, boolean noIdeal, CpuSplit cpu, CoreUse cores, double throughput, LoadClient client) {
        List<String> findings = new ArrayList<>(verdict.findings());
        if (noIdeal && !cores.pinned() && cpu.known() && cpu.machineSaturated() && throughput > 0) {
            findings.add(ceiling(cpu, throughput));
        }
        boolean hyperfoil = client == LoadClient.HYPERFOIL;
        if (hyperfoil) {
            findings.replaceAll(finding -> RECORDING_CLIENT.matcher(finding).replaceAll(client.label()));
        }
        String advice = hyperfoil && verdict.verdict() == Verdict.CLIENT_BOUND
                ? HYPERFOIL_ADVICE
                : hyperfoil ? RECORDING_CLIENT.matcher(verdict.advice()).replaceAll(client.label()) : verdict.advice();
        if (findings.equals(verdict.findings()) && advice.equals(verdict.advice())) {
            return verdict;
        }
        return new ClientVerdict(
                verdict.verdict(),
                List.copyOf(findings),
                advice,
                verdict.clientStalls(),
                verdict.clientBusyLagging(),
                verdict.machineSaturatedSeconds(),
                verdict.clientLimitErrors());
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
