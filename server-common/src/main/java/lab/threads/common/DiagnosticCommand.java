package lab.threads.common;

import java.lang.management.ManagementFactory;
import java.util.Optional;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The JVM's own diagnostic commands, the ones {@code jcmd} sends, asked from inside through the HotSpot
 * {@code DiagnosticCommand} MBean: a server reads its own memory with no tool beside it and no attach.
 */
final class DiagnosticCommand {
    private static final String MBEAN = "com.sun.management:type=DiagnosticCommand";
    private static final String[] SIGNATURE = {String[].class.getName()};

    private DiagnosticCommand() {}

    /** {@code jcmd GC.run}: a full collection, done when it returns. */
    static Optional<String> collect() {
        return run("gcRun");
    }

    /** {@code jcmd GC.class_histogram}: a full collection, then the live objects' bytes by class. */
    static Optional<String> classHistogram() {
        return run("gcClassHistogram");
    }

    /** {@code jcmd VM.native_memory summary}: NMT's summary, or its words that it is off. */
    static Optional<String> nativeMemorySummary() {
        return run("vmNativeMemory", "summary");
    }

    /** The command's text; empty when this JVM has no such MBean or the command failed. */
    private static Optional<String> run(String operation, String... arguments) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object text = server.invoke(new ObjectName(MBEAN), operation, new Object[] {arguments}, SIGNATURE);
            return Optional.of(text == null ? "" : text.toString());
        } catch (JMException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
