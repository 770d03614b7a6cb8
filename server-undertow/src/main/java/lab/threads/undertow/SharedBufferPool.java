package lab.threads.undertow;

import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;

/**
 * Undertow's buffers for reading requests and writing responses, without a cache per thread. Undertow's default pool
 * keeps one for every thread that takes a buffer: a response written from a new virtual thread per request leaves a
 * finalizable cache and its direct buffers behind each time, so RSS grows with every request (docs/results.md,
 * "soak"). All Undertow variants use this pool, so they still differ only
 * in the thread that runs the sleep.
 */
final class SharedBufferPool {
    /** Undertow's own buffer size for a heap of 128 MB or more. */
    static final int BUFFER_BYTES = 16 * 1024 - 20;
    /**
     * Free buffers kept for reuse (16 MB); one taken beyond them is a new one, dropped when returned. A buffer is held
     * only while a request is read or a response written, so a few hundred cover the lab's rates.
     */
    static final int KEPT_BUFFERS = 1024;

    private SharedBufferPool() {}

    static ByteBufferPool create() {
        return new DefaultByteBufferPool(true, BUFFER_BYTES, KEPT_BUFFERS, 0);
    }
}
