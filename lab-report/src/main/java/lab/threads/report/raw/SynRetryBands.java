package lab.threads.report.raw;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import lab.threads.model.samples.Sample;

/** Connects of 900 ms and more by band: a SYN the listener dropped costs its connect about 1 s a retry. */
public final class SynRetryBands implements Consumer<Sample> {
    /** A connect this slow took at least one SYN retry: the first comes after 1 s. */
    static final long RETRIED_MS = 900;

    static final long HALF_WIDTH_MS = 250;
    /** Cumulative seconds of the retries on Linux >= 6.5 ({@code tcp_syn_linear_timeouts} = 4: 1 s apart, then doubling). */
    static final List<Integer> LINEAR_BANDS = List.of(1, 2, 3, 4, 5);
    /** Before 6.5 the timeout doubled from the first retry. */
    static final List<Integer> DOUBLING_BANDS = List.of(1, 3, 7, 15);

    /**
     * @param byBand       "1-s band" to its connects, every band of the kernel, in order
     * @param outsideBands retried connects in no band
     * @param recorded     the client wrote connect times at all
     */
    record Counted(long retried, Map<String, Long> byBand, long outsideBands, boolean recorded) {}

    private final TreeMap<Long, Long> slowConnects = new TreeMap<>();
    private boolean recorded;

    @Override
    public void accept(Sample sample) {
        recorded |= sample.connect() > 0;
        if (sample.connect() >= RETRIED_MS) {
            slowConnects.merge(sample.connect(), 1L, Long::sum);
        }
    }

    /** @param kernelRelease as in /proc/sys/kernel/osrelease ("6.18.44-..."); null or unknown: a kernel >= 6.5 */
    Counted count(String kernelRelease) {
        Map<String, Long> byBand = new LinkedHashMap<>();
        long inBands = 0;
        for (int second : bandsOf(kernelRelease)) {
            long center = second * 1_000L;
            long count =
                    slowConnects.subMap(center - HALF_WIDTH_MS, true, center + HALF_WIDTH_MS, true).values().stream()
                            .mapToLong(Long::longValue)
                            .sum();
            byBand.put(second + "-s band", count);
            inBands += count;
        }
        long retried = slowConnects.values().stream().mapToLong(Long::longValue).sum();
        return new Counted(retried, byBand, retried - inBands, recorded);
    }

    static List<Integer> bandsOf(String kernelRelease) {
        String[] version = kernelRelease == null ? new String[0] : kernelRelease.split("[.-]");
        try {
            int major = Integer.parseInt(version[0]);
            int minor = Integer.parseInt(version[1]);
            return major > 6 || major == 6 && minor >= 5 ? LINEAR_BANDS : DOUBLING_BANDS;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException unknown) {
            return LINEAR_BANDS;
        }
    }
}
