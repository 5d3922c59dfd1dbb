package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * VirtualizationInfo (vendor attribute 0xFFB0, 64 bytes; {@code docs/virtualization.md}): the virtualization state of
 * one physical CA port - how many virtual ports it supports, the highest one enabled, whether the SM turned
 * virtualization on, and the VPortStateChange flag the port raises when a vport changes state. The attribute modifier
 * is 0; the port is the one the SMP arrived on (or the one owning the destination LID).
 *
 * <p>In detail: docs/design/mad-transport.md#virtualizationinfo.
 */
public record VirtualizationInfo(int vportCap, int vportIndexTop, int virtualizationEnable, int vClientReregister,
                                 int vportStateChange, int virtualizationRevision, int capabilityMask) {

    /** The attribute modifier: always 0. */
    public static final long MODIFIER = 0;

    public static final Field VPORT_CAP = Field.u16("VPortCap", 0);
    public static final Field VPORT_INDEX_TOP = Field.u16("VPortIndexTop", 2);
    public static final Field VIRTUALIZATION_ENABLE = Field.bits("VirtualizationEnable", 4, 7, 7);
    public static final Field V_CLIENT_REREGISTER = Field.bits("VClientReregister", 4, 6, 6);
    public static final Field VPORT_STATE_CHANGE = Field.bits("VPortStateChange", 4, 5, 5);
    public static final Field VIRTUALIZATION_REVISION = Field.u8("VirtualizationRevision", 6);
    public static final Field CAPABILITY_MASK = Field.u8("CapabilityMask", 7);

    public static final Layout LAYOUT = Layout.of("VirtualizationInfo", 64, VPORT_CAP, VPORT_INDEX_TOP,
            VIRTUALIZATION_ENABLE, V_CLIENT_REREGISTER, VPORT_STATE_CHANGE, Field.reserved(4 * 8 + 3, 5),
            Field.reservedBytes(5, 1), VIRTUALIZATION_REVISION, CAPABILITY_MASK, Field.reservedBytes(8, 56));

    /** Decodes VirtualizationInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VirtualizationInfo decode(byte[] b, int off) {
        return new VirtualizationInfo(VPORT_CAP.getInt(b, off), VPORT_INDEX_TOP.getInt(b, off),
                VIRTUALIZATION_ENABLE.getInt(b, off), V_CLIENT_REREGISTER.getInt(b, off),
                VPORT_STATE_CHANGE.getInt(b, off), VIRTUALIZATION_REVISION.getInt(b, off),
                CAPABILITY_MASK.getInt(b, off));
    }

    /** Encodes the 64 bytes at {@code off}; reserved bits are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        VPORT_CAP.put(b, off, vportCap);
        VPORT_INDEX_TOP.put(b, off, vportIndexTop);
        VIRTUALIZATION_ENABLE.put(b, off, virtualizationEnable);
        V_CLIENT_REREGISTER.put(b, off, vClientReregister);
        VPORT_STATE_CHANGE.put(b, off, vportStateChange);
        VIRTUALIZATION_REVISION.put(b, off, virtualizationRevision);
        CAPABILITY_MASK.put(b, off, capabilityMask);
    }

    /** Whether virtualization is on. */
    public boolean enabled() {
        return virtualizationEnable != 0;
    }

    /** Whether a vport changed state since the flag was last cleared. */
    public boolean stateChanged() {
        return vportStateChange != 0;
    }
}
