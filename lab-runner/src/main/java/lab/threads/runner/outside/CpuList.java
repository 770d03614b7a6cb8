package lab.threads.runner.outside;

import java.util.BitSet;

/** A Linux CPU list such as {@code 0-1,3} ({@code --cpus}, {@code Cpus_allowed_list}, {@code taskset -c}). */
public final class CpuList {

    private CpuList() {}

    /** The CPUs of a Linux CPU list such as {@code 0-1,3}. */
    public static BitSet cpus(String list) {
        BitSet cpus = new BitSet();
        for (String range : list.split(",")) {
            String[] ends = range.split("-");
            int from = Integer.parseInt(ends[0].trim());
            int to = ends.length > 1 ? Integer.parseInt(ends[1].trim()) : from;
            if (to < from) {
                throw new IllegalArgumentException("--cpus: the CPU range " + range
                        + " runs backwards: write it low-high, e.g. " + to + "-" + from + ".");
            }
            cpus.set(from, to + 1);
        }
        return cpus;
    }
}
