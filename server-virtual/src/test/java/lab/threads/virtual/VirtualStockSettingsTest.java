package lab.threads.virtual;

import io.helidon.webserver.ListenerConfig;
import lab.threads.common.LabServer;
import lab.threads.common.LoadSettings;
import lab.threads.common.SleepContract;
import lab.threads.common.StockSettingsSuite;
import lab.threads.common.Variant;

class VirtualStockSettingsTest extends StockSettingsSuite {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }

    @Override
    protected LabServer start(SleepContract contract) {
        return VirtualServerMain.start(contract);
    }

    /** A listener configuration as Helidon makes it with nothing set: its blueprint's defaults. */
    @Override
    protected LoadSettings frameworkDefaults() {
        return VirtualServerMain.loadSettings(ListenerConfig.create());
    }
}
