package lab.threads.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The class histogram as a JDK 25 wrote it ({@code GC.class_histogram}, captured from a JVM with 200 virtual threads
 * asleep; rows past the 58th cut, its Total line kept).
 */
class ClassHistogramTest {

    @Test
    void readsTheBytesOfEachClassWithoutItsModule() throws IOException {
        ClassHistogram histogram = ClassHistogram.parse(NativeMemorySummaryTest.captured("class-histogram.txt"));

        assertEquals(355200, histogram.virtualThreadStackBytes());
        assertEquals(33600, histogram.bytesOf("java.lang.VirtualThread"));
        assertEquals(1141544, histogram.bytesOf("[B"));
    }

    @Test
    void aClassWithNoInstancesHoldsNothing() {
        ClassHistogram histogram = ClassHistogram.parse("""
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:            10            160  java.lang.Object (java.base@25.0.3)
                Total            10            160
                """);

        assertEquals(0, histogram.virtualThreadStackBytes());
        assertEquals(160, histogram.bytesOf("java.lang.Object"));
    }
}
