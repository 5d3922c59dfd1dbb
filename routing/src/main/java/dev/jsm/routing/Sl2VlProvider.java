package dev.jsm.routing;

/**
 * The virtual lane a switch puts a packet on, by input port, output port and SL: the SLtoVLMappingTable contents an
 * engine needs (IBA 14.2.5.8). The route verifier uses it to build one channel dependency graph per VL; the QoS stage
 * will program it.
 *
 * <p>Implementations must be immutable and thread-safe. Counterpart of OpenSM's {@code update_sl2vl} callback.
 */
public interface Sl2VlProvider {

    /** One data VL: every SL on VL 0. */
    Sl2VlProvider ALL_VL0 = new Sl2VlProvider() {
        @Override
        public int vlCount() {
            return 1;
        }

        @Override
        public int vl(int sw, int inPort, int outPort, int sl) {
            return 0;
        }
    };

    /** Number of data VLs used, 1..15: {@link #vl} returns values below it. */
    int vlCount();

    /**
     * The VL switch {@code sw} (routing-input index) sends a packet of {@code sl} on when it leaves on
     * {@code outPort} after arriving on {@code inPort}: the CA-facing port for traffic a CA injected, 0 for traffic
     * the switch originates. A value of {@link #vlCount()} or more means the packet is dropped (VL 15).
     */
    int vl(int sw, int inPort, int outPort, int sl);

    /**
     * The VL a channel adapter or router port sends {@code sl} on, when the engine decides it (torus-2QoS: the QoS
     * bit), or -1 to leave the port's table to the QoS configuration.
     */
    default int endPortVl(int sl) {
        return -1;
    }
}
