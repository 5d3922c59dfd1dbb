package dev.jsm.routing.torus;

import dev.jsm.routing.Sl2VlProvider;

/**
 * torus-2QoS's SL-to-VL mapping, by output and input port direction:
 * <ul>
 *   <li>inter-switch output port pointing in dimension {@code d}: VL bit 0 = SL bit {@code d} (whether the path
 *       crosses that dimension's dateline), VL bit 1 set on the first hop after a DOR-illegal turn (input port in a
 *       higher dimension than the output port: y-x, z-x, z-y), VL bit 2 = SL bit 3 (the QoS level): VLs 0-3 for
 *       one level, 4-7 for the other;</li>
 *   <li>output toward an end port (CA, router, switch port 0): VL = SL bit 3, VL 0 or 1.</li>
 * </ul>
 * Channel adapters' own SL2VL tables use the end-port rule ({@link #endPortVl}).
 *
 * <p>Immutable; safe to share (holds the topology's read-only port directions).
 */
public final class TorusSl2Vl implements Sl2VlProvider {

    /** Data VLs used on inter-switch links. */
    public static final int VL_COUNT = 8;

    private final TorusTopology t;

    TorusSl2Vl(TorusTopology t) {
        this.t = t;
    }

    @Override
    public int vlCount() {
        return VL_COUNT;
    }

    @Override
    public int vl(int sw, int inPort, int outPort, int sl) {
        int od = t.portDim(sw, outPort);
        int qos = (sl >> 3) & 1;
        if (od < 0 || od == TorusTopology.END_PORT) {
            return qos;
        }
        int vl = ((sl >> od) & 1) | qos << 2;
        int id = t.portDim(sw, inPort);
        if (id >= 0 && id < TorusTopology.END_PORT && id > od) {
            vl |= 2;
        }
        return vl;
    }

    /** The VL an end port (CA, router, switch port 0) sends {@code sl} on: the QoS bit, 0 or 1. */
    @Override
    public int endPortVl(int sl) {
        return (sl >> 3) & 1;
    }
}
