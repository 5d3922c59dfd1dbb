package dev.jsm.routing.sssp;

import dev.jsm.routing.Sl2VlProvider;

/**
 * dfsssp's SL-to-VL mapping: SL {@code n} on VL {@code n} on every switch port, the mapping OpenSM's dfsssp expects
 * the QoS configuration to give ({@code qos_sl2vl 0,1,2,...}); SLs past the VLs used are dropped (VL 15).
 *
 * <p>Immutable; safe to share.
 *
 * @param vlCount the data VLs the paths use
 */
record IdentitySl2Vl(int vlCount) implements Sl2VlProvider {

    /** Checks the count. */
    IdentitySl2Vl {
        if (vlCount < 1 || vlCount > 15) {
            throw new IllegalArgumentException("VL count must be 1-15, not " + vlCount);
        }
    }

    @Override
    public int vl(int sw, int inPort, int outPort, int sl) {
        return sl < vlCount ? sl : 15;
    }
}
