package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import org.apache.hc.client5.http.impl.classic.RequestFailedException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.util.Deadline;
import org.apache.hc.core5.util.DeadlineTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a failed call through the pool is answered, for each way HttpClient 5 reports it. The pool's timeout takes two
 * shapes: which one a request gets depends on whether its thread woke before the connection it waited for came back,
 * which a busy machine decides, so each is given here as the client throws it.
 */
class HttpPoolWaitTest {

    private final HttpPoolWait pool = new HttpPoolWait(URI.create("http://127.0.0.1:9"), 1, 250);

    @AfterEach
    void close() {
        pool.close();
    }

    @Test
    void theWaitingThreadsOwnTimeoutIsThePools() {
        assertPoolTimeout(pool.failure(new ConnectionRequestTimeoutException("Timeout deadline: 250 MILLISECONDS")));
    }

    /** What InternalExecRuntime throws when StrictConnPool failed the lease at its deadline before the thread woke. */
    @Test
    void aLeaseThePoolFailedAtItsDeadlineIsAPoolTimeoutNotAFailedCall() {
        DeadlineTimeoutException deadline = DeadlineTimeoutException.from(Deadline.fromUnixMilliseconds(1));

        assertPoolTimeout(pool.failure(new RequestFailedException("Request execution failed", deadline)));
    }

    @Test
    void anInterruptedLeaseIsPassedOnAsItIs() {
        RequestFailedException aborted = new RequestFailedException("Request aborted", new InterruptedException());

        assertSame(aborted, pool.failure(aborted));
    }

    @Test
    void aRefusedConnectionNamesTheDownstream() {
        IOException failure = pool.failure(new ConnectException("Connection refused"));

        WaitFailure named = assertInstanceOf(WaitFailure.class, failure);
        assertEquals(502, named.status());
        assertEquals(WaitFailure.DOWNSTREAM_UNAVAILABLE, named.error());
    }

    private static void assertPoolTimeout(IOException failure) {
        WaitFailure named = assertInstanceOf(WaitFailure.class, failure, String.valueOf(failure));
        assertEquals(503, named.status());
        assertEquals(WaitFailure.HTTP_POOL_TIMEOUT, named.error());
    }
}
