package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.subnet.PortAttributes;
import org.junit.jupiter.api.Test;

class LinkThrottleTest {

    private static final int W4X = 2;
    private static final int W1X_4X = 1 | 2;
    private static final int W12X = 8;
    private static final int SDR_QDR = 1 | 2 | 4;

    /** An active port with the given widths and speeds (LinkSpeedExt in the last two). */
    static PortAttributes port(int widthEnabled, int widthActive, int speedEnabled, int speedActive, int extEnabled,
                               int extActive, long capabilityMask) {
        return new PortAttributes(0L, 0L, 0, 0, capabilityMask, 0, widthEnabled, widthEnabled, widthActive, 0,
                PortAttributes.STATE_ACTIVE, 0, 0, 0, speedActive, speedEnabled, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, extActive, extEnabled, extEnabled, 0, 0, 0);
    }

    @Test
    void aCableAtTheBestCommonSpeedAndWidthIsNotThrottled() {
        PortAttributes a = port(W1X_4X, W4X, SDR_QDR, 4, 0, 0, 0);
        PortAttributes b = port(W1X_4X | W12X, W4X, 1 | 2 | 4, 4, 0, 0, 0);

        assertThat(LinkThrottle.isThrottled(a, false, b, false)).isFalse();
        assertThat(LinkThrottle.isThrottled(PortAttributes.NONE, false, PortAttributes.NONE, false)).isFalse();
    }

    @Test
    void aSlowerOrNarrowerCableIsThrottled() {
        PortAttributes qdr4x = port(W1X_4X, W4X, SDR_QDR, 4, 0, 0, 0);

        assertThat(LinkThrottle.isThrottled(qdr4x, false, port(W1X_4X, W4X, SDR_QDR, 2, 0, 0, 0), false)).isTrue();
        assertThat(LinkThrottle.isThrottled(port(W1X_4X, 1, SDR_QDR, 4, 0, 0, 0), false,
                port(W1X_4X, 1, SDR_QDR, 4, 0, 0, 0), false)).isTrue();
    }

    @Test
    void extendedSpeedsCountOnlyWhereTheNodeSupportsThem() {
        PortAttributes fdrCapableAtQdr = port(W4X, W4X, SDR_QDR, 4, 1, 0, LinkThrottle.CAP_EXTENDED_SPEEDS);

        assertThat(LinkThrottle.isThrottled(fdrCapableAtQdr, true, fdrCapableAtQdr, true)).isTrue();
        assertThat(LinkThrottle.isThrottled(fdrCapableAtQdr, true, fdrCapableAtQdr, false)).isFalse();
        PortAttributes fdr = port(W4X, W4X, SDR_QDR, 4, 1, 1, LinkThrottle.CAP_EXTENDED_SPEEDS);
        assertThat(LinkThrottle.isThrottled(fdr, true, fdr, true)).isFalse();
    }
}
