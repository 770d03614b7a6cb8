/**
 * Checks a team can gate a build on: {@link Check} parses {@code [server:]figure operator bound} (from
 * {@code --check} or a {@link ChecksFile}), {@link CheckJudge} judges them on a run against a baseline run, the
 * client verdict first, and {@link ChecksReport} writes what CI servers read (checks.json, the JUnit checks.xml,
 * checks.md). Reads runs through {@code runs} ({@code ComparedRun}), never raw samples.
 */
package lab.threads.report.checks;
