/**
 * What a run is, in the words the runner writes it and the report reads it: the names of its folder's files
 * ({@link lab.threads.run.RunFolder}), its plan's shape and ideal ({@link lab.threads.run.PlanShape}), what each
 * server's turn came to ({@link lab.threads.run.RunOutcome}), which JVM of a turn recorded what
 * ({@link lab.threads.run.JvmSide}) and with what settings ({@link lab.threads.run.JfrSettings}), a sweep's levels and
 * their folders ({@link lab.threads.run.Sweep}), a {@code ./lab pinning} probe ({@link lab.threads.run.PinningProbe})
 * and a file written whole ({@link lab.threads.run.AtomicFile}). It sits below the
 * report, whose root package is the runner's one door into it (RunnerReportDoorTest): the runner names these and that
 * door, nothing else of the report.
 */
package lab.threads.run;
