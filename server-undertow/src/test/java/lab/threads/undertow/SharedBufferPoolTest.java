package lab.threads.undertow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.undertow.connector.ByteBufferPool;
import io.undertow.server.DefaultByteBufferPool;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.Executors;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.TestHttp;
import lab.threads.common.Variant;
import org.junit.jupiter.api.Test;

/** A response written from a new virtual thread per request leaves no per-thread buffer cache behind. */
class SharedBufferPoolTest {
    private static final int REQUESTS = 200;

    @Test
    void responsesWrittenFromANewVirtualThreadEachLeaveNoBufferCacheBehind() {
        SleepContract contract =
                new SleepContract(Variant.UNDERTOW_VIRTUAL, ServerSettings.parse(Variant.UNDERTOW_VIRTUAL, "--port=0"));
        UndertowLabServer server =
                (UndertowLabServer) UndertowLabServer.start(contract, Executors.newVirtualThreadPerTaskExecutor());
        try {
            TestHttp http = new TestHttp(server.port());
            for (int i = 0; i < REQUESTS; i++) {
                TestHttp.Answer answer = http.get("/sleep?ms=0");
                assertEquals(200, answer.status());
                assertTrue(answer.json().get("virtualThread").asBoolean(), "served by a virtual thread");
            }
            assertEquals(0, perThreadCaches(server.buffers), "caches kept for threads that wrote a response");
        } finally {
            server.stop();
        }
    }

    /** The same 200 threads with Undertow's default pool: one cache each, which is what the lab's pool avoids. */
    @Test
    void undertowsDefaultPoolKeepsACachePerThread() throws InterruptedException {
        ByteBufferPool stock = new DefaultByteBufferPool(true, SharedBufferPool.BUFFER_BYTES, -1, 4);
        for (int i = 0; i < REQUESTS; i++) {
            Thread.ofVirtual().start(() -> stock.allocate().close()).join();
        }
        assertEquals(REQUESTS, perThreadCaches(stock));
    }

    private static int perThreadCaches(ByteBufferPool pool) {
        try {
            Field caches = DefaultByteBufferPool.class.getDeclaredField("threadLocalDataList");
            caches.setAccessible(true);
            return ((List<?>) caches.get(pool)).size();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("DefaultByteBufferPool.threadLocalDataList: another Undertow than 2.4?", e);
        }
    }
}
