package lab.threads.common;

/**
 * The four load settings as a server's framework runs them, read back where it tells them; null where it has none.
 *
 * @param backlog listen backlog asked of the kernel (which caps it at net.core.somaxconn)
 * @param idleTimeoutMs a keep-alive connection without a request is closed after this
 * @param shutdownGraceMs on stop, in-flight requests get this long to finish
 */
public record LoadSettings(int backlog, Integer maxConnections, Long idleTimeoutMs, Long shutdownGraceMs) {}
