package lab.threads.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import lab.threads.common.Variant;
import lab.threads.report.PlanShape;
import lab.threads.report.ReportWriter;
import lab.threads.report.RunReport;
import lab.threads.report.ServerSummary;
import lab.threads.report.TerminalTable;

/**
 * The pipeline of one {@code ./lab run}: plan -> run each server in turn -> collect -> summarise -> report. The
 * report is rewritten after every server, so a failure or Ctrl-C later on never loses what was measured.
 */
final class LabRun {
    private static final DateTimeFormatter FOLDER = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private final RunOptions options;
    private final PrintStream out = System.out;
    private final CountDownLatch reported = new CountDownLatch(1);
    private volatile ServerRun current;
    private volatile boolean interrupted;

    LabRun(RunOptions options) {
        this.options = options;
    }

    /** @return 0 when every server ran to the end, 1 otherwise */
    int execute(List<String> commandLine) throws IOException {
        Path runDir = options.out().resolve(LocalDateTime.now().format(FOLDER));
        Files.createDirectories(runDir);
        Path labHome = LabHome.locate();
        PlanShape plan = options.plan().shape();
        Map<String, Object> metadata = RunMetadata.collect(options, labHome, commandLine);
        out.printf("Lab run -> %s%nPlan %s %s: ideal %,d samples in %.0f s = %.1f req/s; JMeter users on %s threads%n",
                runDir, options.plan().name(), options.plan().properties(), plan.idealSamples(), plan.idealDurationSeconds(),
                plan.idealThroughput(), options.client().label());
        Thread onCtrlC = new Thread(this::interrupt, "lab-interrupt");
        Runtime.getRuntime().addShutdownHook(onCtrlC);

        List<ServerSummary> summaries = new ArrayList<>();
        boolean allOk = true;
        try {
            for (Variant variant : options.servers()) {
                if (interrupted) {
                    break;
                }
                current = new ServerRun(variant, options, labHome, runDir.resolve(variant.id()), out);
                String outcome = current.run();
                if (interrupted) {
                    outcome = "interrupted (Ctrl-C): " + outcome;
                }
                allOk &= outcome.equals(ServerRun.OK);
                summaries.add(ServerSummary.from(variant.id(), runDir.resolve(variant.id()), plan, outcome));
                ReportWriter.writeAll(new RunReport(metadata, plan, summaries), runDir);
            }
            out.println();
            out.println(TerminalTable.render(new RunReport(metadata, plan, summaries)));
            out.println("Report: " + runDir.resolve("index.html") + " (also summary.md, summary.csv, summary.json)");
        } finally {
            reported.countDown();
            if (!interrupted) {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            }
        }
        return allOk ? 0 : 1;
    }

    /** Shutdown hook: stop the load and the server so the pipeline can write what it measured, then let the JVM go. */
    private void interrupt() {
        interrupted = true;
        ServerRun running = current;
        if (running != null) {
            running.abort();
        }
        try {
            reported.await(90, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
