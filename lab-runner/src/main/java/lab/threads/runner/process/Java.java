package lab.threads.runner.process;

import java.nio.file.Path;

/** The forked JVMs (servers, JMeter) run on the same JDK as the runner, so all share one JDK 25. */
public final class Java {
    private Java() {}

    public static String executable() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
