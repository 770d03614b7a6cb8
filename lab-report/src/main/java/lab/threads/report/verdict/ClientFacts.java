package lab.threads.report.verdict;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import lab.threads.model.samples.ClientPoint;
import lab.threads.model.samples.ClientSnapshot;
import lab.threads.report.math.SampleEnds;
import lab.threads.report.raw.ServerSecond;

/** The facts {@link ClientVerdict} judges on, found in the run's series; the thresholds are the verdict's. */
final class ClientFacts {

    private ClientFacts() {}

    /** The run second by second: stalls, seconds lagging while busy, and seconds every core was busy. */
    record Seconds(List<ClientVerdict.Interval> stalls, List<ClientVerdict.Interval> busyLagging, int saturated) {
        static final Seconds NONE = new Seconds(List.of(), List.of(), 0);

        static Seconds of(SampleEnds ends, List<ServerSecond> server, List<ClientSnapshot> client) {
            Map<Long, Long> handedOver = server.stream()
                    .collect(Collectors.toMap(ServerSecond::epochSecond, ServerSecond::completed, Long::sum));
            Map<Long, ClientPoint> clientBySecond = clientBySecond(client);
            List<Long> stallSeconds = new ArrayList<>();
            List<Long> lagSeconds = new ArrayList<>();
            int saturated = 0;
            for (long second = Math.floorDiv(ends.firstStart(), 1000);
                    second <= Math.floorDiv(ends.lastEnd(), 1000);
                    second++) {
                long responses = handedOver.getOrDefault(second, 0L);
                int recorded = ends.in(second);
                ClientPoint clientSecond = clientBySecond.get(second);
                if (responses > 0 && recorded == 0) {
                    stallSeconds.add(second);
                } else if (responses >= ClientVerdict.LAG_MIN_RESPONSES
                        && recorded < responses / 2.0
                        && clientSecond != null
                        && clientSecond.cpuPercentOfMachine() != null
                        && clientSecond.cpuPercentOfMachine() > ClientVerdict.BUSY_SHARE_PERCENT) {
                    lagSeconds.add(second);
                }
                if (clientSecond != null
                        && clientSecond.machinePercent() != null
                        && clientSecond.machinePercent() >= ClientVerdict.MACHINE_SATURATED_PERCENT) {
                    saturated++;
                }
            }
            return new Seconds(
                    intervals(stallSeconds, handedOver, ends).stream()
                            .filter(stall -> stall.serverResponses() >= ClientVerdict.STALL_MIN_RESPONSES)
                            .toList(),
                    intervals(lagSeconds, handedOver, ends),
                    saturated);
        }
    }

    /** The most GC pause between two client lines while samples were in flight: a pause before the load delays none. */
    static long worstGcSecondUnderLoad(List<ClientSnapshot> client) {
        return IntStream.range(1, client.size())
                .filter(i -> inFlight(client.get(i - 1)) || inFlight(client.get(i)))
                .filter(i ->
                        client.get(i - 1).gcPauseMs() != null && client.get(i).gcPauseMs() != null)
                .mapToLong(i -> client.get(i).gcPauseMs() - client.get(i - 1).gcPauseMs())
                .reduce(0, Math::max);
    }

    private static boolean inFlight(ClientSnapshot line) {
        return line.samplesInFlight() == null || line.samplesInFlight() > 0;
    }

    /** Each client line under the second it mostly covers (a line describes the second before it was taken). */
    private static Map<Long, ClientPoint> clientBySecond(List<ClientSnapshot> client) {
        Map<Long, ClientPoint> bySecond = new HashMap<>();
        List<ClientPoint> points = ClientPoint.of(client, 0);
        for (int i = 0; i < points.size(); i++) {
            bySecond.put(Math.floorDiv(client.get(i).sampledAtMs() - 500, 1000), points.get(i));
        }
        return bySecond;
    }

    /** Consecutive seconds merged into intervals, placed on the run's axis. */
    private static List<ClientVerdict.Interval> intervals(
            List<Long> seconds, Map<Long, Long> handedOver, SampleEnds ends) {
        List<ClientVerdict.Interval> intervals = new ArrayList<>();
        int i = 0;
        while (i < seconds.size()) {
            int j = i;
            while (j + 1 < seconds.size() && seconds.get(j + 1) == seconds.get(j) + 1) {
                j++;
            }
            long responses = 0;
            long recorded = 0;
            for (long second = seconds.get(i); second <= seconds.get(j); second++) {
                responses += handedOver.getOrDefault(second, 0L);
                recorded += ends.in(second);
            }
            intervals.add(new ClientVerdict.Interval(
                    (seconds.get(i) * 1000 - ends.firstStart()) / 1000.0,
                    ((seconds.get(j) + 1) * 1000 - ends.firstStart()) / 1000.0,
                    responses,
                    recorded));
            i = j + 1;
        }
        return List.copyOf(intervals);
    }

    /** The samples the client gave up on while the server had them: its response timeouts, not its connect timeouts. */
    static long responseTimeouts(Map<String, Long> errorsByCause) {
        return errorsByCause.entrySet().stream()
                .filter(entry -> ErrorCause.parse(entry.getKey()).side() == ErrorCause.Side.CLIENT
                        && entry.getKey().contains("SocketTimeoutException")
                        && !entry.getKey().toLowerCase(Locale.ROOT).contains("connect"))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    static Map<String, Long> clientLimitErrors(Map<String, Long> errorsByCause) {
        return errorsByCause.entrySet().stream()
                .filter(entry -> ErrorCause.parse(entry.getKey()).side() == ErrorCause.Side.CLIENT
                        && ClientVerdict.RESOURCE_LIMITS.stream().anyMatch(entry.getKey()::contains))
                .collect(Collectors.toMap(
                        Map.Entry::getKey, Map.Entry::getValue, Long::sum, java.util.LinkedHashMap::new));
    }
}
