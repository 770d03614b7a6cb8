package lab.threads.undertow;

import java.util.concurrent.Executors;

import io.undertow.Undertow;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.ServerSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.StockSettingsSuite;
import lab.threads.common.Variant;

/** The Undertow adapter of every Undertow variant, here with server-pool's executor. */
class UndertowStockSettingsTest extends StockSettingsSuite {

    @Override
    protected Variant variant() {
        return Variant.POOL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return UndertowLabServer.start(contract, Executors.newCachedThreadPool());
    }

    /** A bare Undertow, nothing set but its listener, read back the same way. */
    @Override
    protected LoadSettings frameworkDefaults() {
        Undertow bare = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(exchange -> { }).build();
        bare.start();
        try {
            return UndertowLoadSettings.read(bare, ServerSettings.parse(variant(), "--settings=stock"));
        } finally {
            bare.stop();
        }
    }
}
