package lab.threads.undertow;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.OpenListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import lab.threads.common.LoadSettings;
import lab.threads.common.ServerSettings;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.channels.AcceptingChannel;

/**
 * The load settings a started Undertow runs with. Undertow keeps its listener's options to itself: the connection
 * limit (XNIO's high-water mark) and the no-request timeout are read from its listening channel and its open
 * listener, two private fields of {@link Undertow.ListenerInfo} (Undertow 2.4); what it cannot tell is said here.
 */
public final class UndertowLoadSettings {
    /** {@code Undertow.start()} asks for this backlog unless told otherwise (a literal there: nothing to read back). */
    static final int DEFAULT_BACKLOG = 1000;

    private UndertowLoadSettings() {}

    /** What a started Undertow runs with; {@code settings} says whether the lab set the backlog and the grace. */
    public static LoadSettings read(Undertow undertow, ServerSettings settings) {
        Undertow.ListenerInfo listener = undertow.getListenerInfo().getFirst();
        OptionMap options = ((OpenListener) field(listener, "openListener")).getUndertowOptions();
        int highWater;
        try {
            highWater = ((AcceptingChannel<?>) field(listener, "channel")).getOption(Options.CONNECTION_HIGH_WATER);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // NO_REQUEST_TIMEOUT is the one that closes an idle keep-alive connection; unset or <= 0 is none.
        int noRequestMs = options.get(UndertowOptions.NO_REQUEST_TIMEOUT, -1);
        return new LoadSettings(
                settings.labTuned() ? settings.backlog() : DEFAULT_BACKLOG,
                // XNIO's high-water mark without a limit is Integer.MAX_VALUE.
                highWater == Integer.MAX_VALUE ? null : highWater,
                noRequestMs > 0 ? (long) noRequestMs : null,
                // Stock: Undertow's stop() has no grace (the lab's is its GracefulShutdownHandler).
                settings.labTuned() ? settings.shutdownGraceMs() : null);
    }

    static Object field(Undertow.ListenerInfo listener, String name) {
        try {
            Field field = Undertow.ListenerInfo.class.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(listener);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Undertow.ListenerInfo." + name + " not readable: another Undertow than 2.4?", e);
        }
    }
}
