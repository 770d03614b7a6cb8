/**
 * {@code ./lab pinning}: which blocking operations still pin a virtual thread. {@link
 * lab.threads.run.PinningProbe} is one probe's figures (a server, a JDK, a wait kind), {@link
 * lab.threads.report.pinning.PinningVerdict} what they say, {@link lab.threads.report.pinning.TalkRow} the talk's
 * pinning table the verdicts are laid beside, {@link lab.threads.report.pinning.PinningReport} the run's pinning.json
 * and {@link lab.threads.report.pinning.PinningPage} its markdown and HTML.
 */
package lab.threads.report.pinning;
