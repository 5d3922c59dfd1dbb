package dev.jsm.sim;

import static dev.jsm.sim.Sma.STATUS_INVALID_FIELD;
import static dev.jsm.sim.Sma.STATUS_OK;

import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.MlnxExtendedPortInfo;
import java.util.Arrays;

/**
 * Mellanox's ExtendedPortInfo (vendor attribute 0xFF90) Get and Set: the FDR10 speed of a port
 * ({@code docs/link-speeds.md#fdr10}). The modifier is the port number; a CA answers port 0 with the arrival port and
 * takes a Set only for it, as for PortInfo. Writable: StateChangeEnable, and LinkSpeedEnabled as 0 or FDR10 when the
 * port supports it (anything else is 0x001C); a new enable takes effect the next time the link trains. Every node
 * answers, as under ibsim; an SM asks only the devices it knows to have the attribute.
 *
 * <p>Confined to the simulator thread.
 */
final class SmaMlnxExtPortInfo {

    private static final int D = Smp.DATA_OFFSET;

    private final FabricState s;

    SmaMlnxExtPortInfo(FabricState s) {
        this.s = s;
    }

    int handle(int slot, boolean set, long mod, byte[] mad) {
        int n = s.portNode[slot];
        if (mod > s.numPorts[n]) {
            return STATUS_INVALID_FIELD;
        }
        int target = !s.isSwitch[n] && mod == 0 ? slot : s.portBase[n] + (int) mod;
        int o = target * FabricState.MLNX_EXT_PORT_INFO_SIZE;
        byte[] e = s.mlnxExtPortInfo;
        if (set) {
            MlnxExtendedPortInfo w = MlnxExtendedPortInfo.decode(mad, D);
            int supported = e[o + PortSpeeds.MLNX_SUPPORTED];
            if (!s.isSwitch[n] && target != slot || (w.linkSpeedEnabled() & ~supported) != 0) {
                return STATUS_INVALID_FIELD;
            }
            e[o] = (byte) w.stateChangeEnable();
            e[o + PortSpeeds.MLNX_ENABLED] = (byte) w.linkSpeedEnabled();
        }
        Arrays.fill(mad, D, D + Smp.DATA_SIZE, (byte) 0);
        new MlnxExtendedPortInfo(e[o] & 0xFF, e[o + PortSpeeds.MLNX_SUPPORTED] & 0xFF,
                e[o + PortSpeeds.MLNX_ENABLED] & 0xFF, e[o + PortSpeeds.MLNX_ACTIVE] & 0xFF).encodeTo(mad, D);
        return STATUS_OK;
    }
}
