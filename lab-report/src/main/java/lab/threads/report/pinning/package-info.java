/**
 * {@code ./lab pinning}: which blocking operations still pin a virtual thread, each probe's verdict laid beside the
 * talk's pinning table ({@link lab.threads.report.pinning.TalkRow}), written as pinning.json, pinning.md and a page.
 */
package lab.threads.report.pinning;
