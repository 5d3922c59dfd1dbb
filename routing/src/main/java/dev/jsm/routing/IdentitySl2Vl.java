package dev.jsm.routing;

/**
 * The SL-to-VL mapping of the engines that keep their paths deadlock-free by virtual layers and expect a 1:1 mapping
 * (dfsssp, nue): SL {@code n} on VL {@code n} on every switch port, the mapping OpenSM expects the QoS configuration
 * to give them ({@code qos_sl2vl 0,1,2,...}); SLs past the VLs used are dropped (VL 15).
 *
 * <p>Immutable; safe to share.
 *
 * @param vlCount the data VLs the paths use
 */
public record IdentitySl2Vl(int vlCount) implements Sl2VlProvider {

    /** Checks the count. */
    public IdentitySl2Vl {
        if (vlCount < 1 || vlCount > 15) {
            throw new IllegalArgumentException("VL count must be 1-15, not " + vlCount);
        }
    }

    @Override
    public int vl(int sw, int inPort, int outPort, int sl) {
        return sl < vlCount ? sl : 15;
    }
}
