package lab.threads.undertow;

import io.undertow.server.HttpServerExchange;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import lab.threads.common.Reply;
import lab.threads.common.SleepContract;
import lab.threads.common.SleepJob;
import lab.threads.model.wait.WaitKind;

/**
 * How an Undertow variant runs a validated sleep: the one thing the Undertow variants differ in. It is called on the
 * I/O thread after the exchange was dispatched, and hands the reply to {@code answer} on whatever thread ends the sleep.
 */
public interface Sleeper {

    void sleep(SleepContract contract, HttpServerExchange exchange, SleepJob job, Consumer<Reply> answer);

    /** Called once the server has drained: releases the sleeper's threads. */
    default void shutdown() {}

    /** A thread of {@code executor} blocks in the sleep; an executor service is shut down with the server. */
    static Sleeper blockingOn(Executor executor) {
        return new Sleeper() {
            @Override
            public void sleep(
                    SleepContract contract, HttpServerExchange exchange, SleepJob job, Consumer<Reply> answer) {
                try {
                    executor.execute(() -> answer.accept(contract.sleep(job)));
                } catch (Throwable noThread) {
                    // OutOfMemoryError "unable to create native thread" or a rejection: answer, count, keep serving.
                    answer.accept(contract.threadUnavailable(noThread));
                }
            }

            @Override
            public void shutdown() {
                if (executor instanceof ExecutorService service) {
                    service.shutdownNow();
                }
            }
        };
    }

    /**
     * No thread waits: a timer of the exchange's own I/O thread answers when the sleep is over. It has no thread to
     * block in another way: {@code how=http-pool} calls the downstream without one (the JDK HttpClient's
     * {@code sendAsync}, answered on the client's thread), and any other {@code how} but sleep is refused.
     */
    static Sleeper ioThreadTimer() {
        return (contract, exchange, job, answer) -> {
            if (job.how() != WaitKind.SLEEP) {
                contract.awaitWithoutThread(job).thenAccept(answer);
                return;
            }
            contract.sleepStarted(job);
            exchange.getIoThread()
                    .executeAfter(() -> answer.accept(contract.slept(job)), job.millis(), TimeUnit.MILLISECONDS);
        };
    }
}
