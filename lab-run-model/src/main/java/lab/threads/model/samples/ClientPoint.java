package lab.threads.model.samples;

import java.util.ArrayList;
import java.util.List;

/** One second of the client's health from two client-stats.jsonl lines; shares are of all cores (100%). */
public record ClientPoint(
        double second,
        Double cpuPercentOfMachine,
        Double machinePercent,
        Double rssMb,
        Long gcPauseMs,
        Long samplesInFlight) {

    private static final double MIB = 1024.0 * 1024.0;

    public static List<ClientPoint> of(List<ClientSnapshot> snapshots, long originMs) {
        List<ClientPoint> points = new ArrayList<>();
        ClientSnapshot previous = null;
        for (ClientSnapshot now : snapshots) {
            long wallMs = previous == null ? 0 : now.sampledAtMs() - previous.sampledAtMs();
            Double cpu = null;
            Double machine = null;
            Long gc = null;
            if (previous != null && wallMs > 0) {
                boolean machineKnown = now.machineCpuBusyMs() != null
                        && previous.machineCpuBusyMs() != null
                        && now.machineCpuTotalMs() != null
                        && previous.machineCpuTotalMs() != null
                        && now.machineCpuTotalMs() > previous.machineCpuTotalMs();
                if (now.cpuMs() != null && previous.cpuMs() != null) {
                    // A client pinned to some CPUs (--cpus) counts only those as its cores: the machine's own total
                    // (every core's time) keeps the share one of the whole machine.
                    if (machineKnown) {
                        cpu = 100.0
                                * (now.cpuMs() - previous.cpuMs())
                                / (now.machineCpuTotalMs() - previous.machineCpuTotalMs());
                    } else if (now.cores() != null && now.cores() > 0) {
                        cpu = 100.0 * (now.cpuMs() - previous.cpuMs()) / (wallMs * now.cores());
                    }
                }
                if (machineKnown) {
                    machine = 100.0
                            * (now.machineCpuBusyMs() - previous.machineCpuBusyMs())
                            / (now.machineCpuTotalMs() - previous.machineCpuTotalMs());
                }
                if (now.gcPauseMs() != null && previous.gcPauseMs() != null) {
                    gc = now.gcPauseMs() - previous.gcPauseMs();
                }
            }
            points.add(new ClientPoint(
                    (now.sampledAtMs() - originMs) / 1000.0,
                    cpu,
                    machine,
                    now.rssBytes() == null ? null : now.rssBytes() / MIB,
                    gc,
                    now.samplesInFlight()));
            previous = now;
        }
        return List.copyOf(points);
    }
}
