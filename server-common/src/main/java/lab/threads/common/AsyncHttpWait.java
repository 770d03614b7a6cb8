package lab.threads.common;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code how=http-pool} for server-async: the same {@code GET} of the downstream through the JDK {@link HttpClient}'s
 * {@code sendAsync}, no thread waiting. That client has no connection cap, so no pool to wait for and no borrow to
 * stamp; HTTP/1.1 is asked, as the blocking client speaks, not an HTTP/2 upgrade.
 */
final class AsyncHttpWait {
    static final String DESCRIPTION =
            "GET --downstream's /sleep?ms=N through the JDK HttpClient's sendAsync: no thread waits, no connection cap";

    private final URI downstream;
    private final HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    AsyncHttpWait(URI downstream) {
        this.downstream = downstream;
    }

    /** Completes once the downstream answered 200, exceptionally with a {@link WaitFailure} or an IOException. */
    CompletableFuture<Void> await(long millis, PoolStamps stamps) {
        HttpRequest request = HttpRequest.newBuilder(downstream.resolve("/sleep?ms=" + millis))
                .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
                throw new CompletionException(
                        cause instanceof IOException
                                ? new WaitFailure(
                                        502,
                                        WaitFailure.DOWNSTREAM_UNAVAILABLE,
                                        "how=http-pool: the downstream " + downstream
                                                + " refused or broke the connection: " + cause,
                                        cause)
                                : cause);
            }
            if (response.statusCode() != 200) {
                throw new CompletionException(new IOException(
                        "the downstream " + downstream + " answered " + response.statusCode() + ", not 200"));
            }
            stamps.called();
            return null;
        });
    }

    void close() {
        client.shutdownNow();
    }
}
