package lab.threads.report.math;

import java.util.LinkedHashMap;
import java.util.Map;
import lab.threads.run.LedgerSecond;

/**
 * The machine's busy CPU time over some seconds by who used it, ms over all cores; {@code unattributedMs} is what no
 * part explains, kept apart.
 *
 * @param interruptMs interrupt time where it is a part of its own; none where the kernel charged it to the tasks
 */
public record LedgerParts(
        long busyMs,
        long serverMs,
        long clientMs,
        long labMs,
        long kernelMs,
        long stealMs,
        long otherMs,
        long interruptMs,
        long unattributedMs) {

    public static final LedgerParts NONE = new LedgerParts(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Who used the cores, in the order the page stacks them and the verdict names them. */
    public enum Part {
        SERVER("the server"),
        CLIENT("the client"),
        LAB("the lab's runner and probes"),
        KERNEL("kernel threads"),
        STEAL("the hypervisor's other guests (steal)"),
        OTHER("other programs"),
        INTERRUPTS("interrupts"),
        UNATTRIBUTED("unattributed");

        private final String words;

        Part(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    LedgerParts plus(LedgerSecond second) {
        return new LedgerParts(
                busyMs + second.busyOfWallMs(),
                serverMs + second.serverMs(),
                clientMs + second.clientMs(),
                labMs + second.labMs(),
                kernelMs + second.kernelMs(),
                stealMs + second.stealMs(),
                otherMs + second.otherMs(),
                interruptMs + second.interruptMs(),
                unattributedMs + second.unattributedMs());
    }

    /** Each part's milliseconds, in {@link Part}'s order; interrupts only where they are a part of their own. */
    public Map<Part, Long> byPart() {
        Map<Part, Long> parts = new LinkedHashMap<>();
        parts.put(Part.SERVER, serverMs);
        parts.put(Part.CLIENT, clientMs);
        parts.put(Part.LAB, labMs);
        parts.put(Part.KERNEL, kernelMs);
        parts.put(Part.STEAL, stealMs);
        parts.put(Part.OTHER, otherMs);
        if (interruptMs != 0) {
            parts.put(Part.INTERRUPTS, interruptMs);
        }
        parts.put(Part.UNATTRIBUTED, unattributedMs);
        return parts;
    }

    /** A part's share of the busy time, in percent; 0 when nothing was busy. */
    public double percentOfBusy(long partMs) {
        return busyMs <= 0 ? 0 : 100.0 * partMs / busyMs;
    }
}
