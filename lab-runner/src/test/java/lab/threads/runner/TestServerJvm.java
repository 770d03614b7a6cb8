package lab.threads.runner;

import java.util.List;
import lab.threads.runner.process.ServerProcess;

/**
 * The server JVM of a test's run, as {@code ./lab run}'s {@code --server-jvm-args}: a small heap, and C1 alone. A
 * test's run lasts seconds, too short for C2's compilations to pay back the CPU they take from the other test JVM
 * and the client on the same cores; what these tests assert (counts, status codes, causes, files, which process
 * ended) does not depend on the JIT. The classes tagged {@link CpuTimed} keep the JIT of a user's run: they read how
 * the CPU was shared.
 */
final class TestServerJvm {
    /** The flags, one word each, for a {@link ServerProcess.Spec}. */
    static final List<String> FLAGS = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1");

    /** The same as {@code ./lab run}'s option. */
    static final String OPTION = "--server-jvm-args=" + String.join(" ", FLAGS);

    private TestServerJvm() {}
}
