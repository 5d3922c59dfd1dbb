package dev.jsm.routing.lash;

import dev.jsm.routing.Sl2VlProvider;

/**
 * lash's SL-to-VL mapping: every SL on the VL of the same number, on every switch and port pair (the QoS default
 * table OpenSM relies on with {@code -Q}); the data VLs used are {@code 0 .. lash_start_vl + layers - 1}.
 *
 * <p>Immutable; safe to share.
 *
 * @param startVl {@code lash_start_vl}
 * @param layers the number of layers lash used, at least 1
 */
record LashSl2Vl(int startVl, int layers) implements Sl2VlProvider {

    @Override
    public int vlCount() {
        return startVl + layers;
    }

    @Override
    public int vl(int sw, int inPort, int outPort, int sl) {
        return sl;
    }
}
