/**
 * What the report concludes about a server's run: whether the client (JMeter or Hyperfoil), not the server, held its
 * figures back ({@link ClientVerdict}: the verdict, its evidence in words and seconds, and what to do, in the words of
 * the client that ran), and why samples failed, on which side ({@link ErrorCause}). The server's own limits and each
 * side's cores are stated beside the client's evidence; {@link SoakCheck} judges whether a long steady load left a
 * server flat.
 */
package lab.threads.report.verdict;
