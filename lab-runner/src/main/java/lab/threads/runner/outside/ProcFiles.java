package lab.threads.runner.outside;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The parts of {@code /proc} the ledger reads, as text, so a test can give it any machine it makes up. */
interface ProcFiles {

    /** {@code /proc/stat}. */
    String machineStat() throws IOException;

    /** {@code /proc/uptime}: the seconds since boot, then the idle seconds. */
    String uptime() throws IOException;

    /** Every process now: the numeric entries of {@code /proc}. */
    List<Long> pids() throws IOException;

    /** {@code /proc/<pid>/stat}; empty once the process is gone. */
    Optional<String> processStat(long pid);

    /** The runner's own pid. */
    long self();

    /** This machine's. */
    ProcFiles LIVE = new ProcFiles() {
        private final Path proc = Path.of("/proc");

        @Override
        public String machineStat() throws IOException {
            return Files.readString(proc.resolve("stat"));
        }

        @Override
        public String uptime() throws IOException {
            return Files.readString(proc.resolve("uptime"));
        }

        @Override
        public List<Long> pids() throws IOException {
            List<Long> pids = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                        pids.add(Long.parseLong(name));
                    }
                }
            }
            return pids;
        }

        @Override
        public Optional<String> processStat(long pid) {
            try {
                return Optional.of(new String(
                        Files.readAllBytes(proc.resolve(Long.toString(pid)).resolve("stat")), StandardCharsets.UTF_8));
            } catch (IOException gone) {
                return Optional.empty();
            }
        }

        @Override
        public long self() {
            return ProcessHandle.current().pid();
        }
    };
}
