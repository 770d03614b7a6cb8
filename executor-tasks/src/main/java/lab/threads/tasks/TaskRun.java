package lab.threads.tasks;

/**
 * One fork: a (seed, model) batch in a JVM of its own, seen from inside (its result line) and from outside (the
 * runner reading /proc of the fork about every 100 ms).
 *
 * @param tasks          tasks asked for
 * @param exitCode       the fork's; null when it was stopped for running past its time limit
 * @param outcome        its result line; null when it died or was stopped before printing one
 * @param peakOsThreads  the most threads /proc showed at once (sampled: a peak between two samples is missed)
 * @param peakRssBytes   VmHWM at the last live reading: a cross-check of the fork's own ru_maxrss
 * @param processCpuMs   the fork's whole life in CPU (user + kernel), JVM start and end included, from /proc
 * @param processWallMs  fork started to ended, as the runner saw it
 * @param failure        why not every task completed, in words (the first thread refused, the fork's end); null if all did
 */
public record TaskRun(
        String seed,
        String model,
        int repeat,
        long tasks,
        Integer exitCode,
        TaskOutcome outcome,
        Long peakOsThreads,
        Long peakRssBytes,
        Long processCpuMs,
        long processWallMs,
        String failure) {

    /** Every task asked for ran to its end. */
    public boolean allCompleted() {
        return outcome != null && outcome.tasks() == tasks && outcome.allCompleted();
    }
}
