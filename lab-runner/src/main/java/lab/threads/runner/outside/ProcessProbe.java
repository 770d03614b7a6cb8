package lab.threads.runner.outside;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import lab.threads.process.MachineCpu;

/**
 * One line of {@code server-proc.jsonl} or {@code client-proc.jsonl}: a process the lab started, read from /proc
 * whether or not it can answer, under the field names of its own records.
 */
final class ProcessProbe {
    private final Supplier<List<ProcessHandle>> processes;
    /** Each process's counters when last read: one of a group that ended keeps its CPU in the group's sum. */
    private final Map<Long, ProcessCounters> last = new HashMap<>();

    /**
     * @param processes the process now, or each process of a split load (summed); empty or all ended while there is
     *     none
     */
    ProcessProbe(Supplier<List<ProcessHandle>> processes) {
        this.processes = processes;
    }

    Optional<Map<String, Object>> sample() throws IOException {
        List<ProcessHandle> handles = processes.get();
        if (handles == null || handles.stream().noneMatch(ProcessHandle::isAlive)) {
            return Optional.empty();
        }
        List<ProcessCounters> counters = new ArrayList<>();
        for (ProcessHandle handle : handles) {
            ProcessCounters.read(handle.pid()).ifPresent(read -> last.put(handle.pid(), read));
            ProcessCounters known = last.get(handle.pid());
            if (known != null) {
                counters.add(known);
            }
        }
        if (counters.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> line = line(handles.getFirst().pid(), ProcessCounters.sum(counters));
        if (handles.size() > 1) {
            line.put("processes", handles.size());
        }
        return Optional.of(line);
    }

    /** The line of {@code counters}, read from {@code pid}, in the records' field names. */
    static Map<String, Object> line(long pid, ProcessCounters counters) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("sampledAtMs", System.currentTimeMillis());
        line.put("pid", pid);
        line.put("state", counters.state());
        line.put("cpuUserMs", counters.cpuUserMs());
        line.put("cpuSystemMs", counters.cpuSystemMs());
        line.put("osThreads", counters.osThreads());
        line.put("rssBytes", counters.rssBytes());
        MachineCpu.read().ifPresent(machine -> {
            line.put("machineCpuBusyMs", machine.busyMs());
            line.put("machineCpuTotalMs", machine.totalMs());
        });
        // The CPUs it may run on (--cpus pins each side to its own), as the kernel has them.
        String cpus = counters.cpusAllowed();
        if (cpus != null) {
            line.put("cpus", cpus);
            line.put("cores", CpuList.cpus(cpus).cardinality());
        }
        return line;
    }
}
