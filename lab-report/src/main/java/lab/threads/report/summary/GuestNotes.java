package lab.threads.report.summary;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import lab.threads.report.raw.ServerStatsPeaks;
import lab.threads.run.GuestFacts;
import lab.threads.run.RunFolder;

/** A guest's peaks read from outside its process, and notes on what the report cannot say of it. */
final class GuestNotes {
    private GuestNotes() {}

    /** Its process's peaks; with none given, none, and a note that says how to have them. */
    static ServerStatsPeaks peaks(Path serverDir, GuestFacts guest, List<String> notes, Long loadEndMs) {
        notes.add(String.format(
                Locale.ROOT,
                "a guest (a service the lab did not write): GET %s, success is %s; its process: %s",
                guest.url(),
                guest.expected(),
                guest.process()));
        notes.add(GuestFacts.NO_REQUEST_LOG + ": its own latency and where each request's time went are not in this "
                + "report (the client's figures and the kernel's view of its port are)");
        ServerStatsPeaks peaks = ServerStatsPeaks.read(
                serverDir.resolve(RunFolder.SERVER_PROC_FILE),
                "no process figures (threads, RSS, CPU, descriptors): give the guest's --target-pid or "
                        + "--target-command",
                notes,
                loadEndMs);
        notes.add(gc(guest));
        return peaks;
    }

    private static String gc(GuestFacts guest) {
        return guest.gc() == null
                ? "GC " + (guest.gcSource() == null ? "not measured" : guest.gcSource())
                : String.format(
                        Locale.ROOT,
                        "GC during the load: %,d young and %,d full collections, %.3f s of collection time, concurrent cycles included (%s)",
                        guest.gc().young(),
                        guest.gc().full(),
                        guest.gc().gcSeconds(),
                        guest.gcSource());
    }
}
