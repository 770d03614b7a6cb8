/**
 * What a run is, in the words the runner writes it and the report reads it: its folder's files ({@link
 * lab.threads.run.RunFolder}), what the runner recorded of each kind of run ({@link lab.threads.run.RunRecord}, {@link
 * lab.threads.run.TasksRecord}, {@link lab.threads.run.PinningRecord}), its plan's shape ({@link
 * lab.threads.run.PlanShape}), each turn's outcome ({@link lab.threads.run.RunOutcome}), a sweep ({@link
 * lab.threads.run.Sweep}), a pinning probe ({@link lab.threads.run.PinningProbe}). It sits below the report, whose root
 * package is the runner's one door into it (RunnerReportDoorTest).
 */
package lab.threads.run;
