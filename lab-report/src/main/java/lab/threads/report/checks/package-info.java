/**
 * Checks a team can gate a build on: parsed from {@code --check} or a {@link ChecksFile}, judged on a run against a
 * baseline (the client verdict first), written as checks.json, the JUnit checks.xml and checks.md.
 */
package lab.threads.report.checks;
