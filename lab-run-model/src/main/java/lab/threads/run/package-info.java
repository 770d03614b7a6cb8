/**
 * What a run is, in the words the runner writes it and the report reads it: its folder's files ({@link
 * lab.threads.run.RunFolder}), its plan's shape ({@link lab.threads.run.PlanShape}), each turn's outcome ({@link
 * lab.threads.run.RunOutcome}), a sweep ({@link lab.threads.run.Sweep}), a pinning probe ({@link
 * lab.threads.run.PinningProbe}). It sits below the report, whose root package is the runner's one door into it
 * (RunnerReportDoorTest).
 */
package lab.threads.run;
