/**
 * What the report concludes about a server's run: whether the client, not the server, held its figures back ({@link
 * ClientVerdict}, {@link TurnWord}), why samples failed and on which side, and whether a soak left the server flat.
 */
package lab.threads.report.verdict;
