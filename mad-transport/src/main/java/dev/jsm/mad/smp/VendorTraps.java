package dev.jsm.mad.smp;

/**
 * The vendor-specific traps of virtualization ({@code docs/virtualization.md}): a Notice with IsGeneric 0, the
 * Mellanox VendorID, the issuer's DeviceID, and the vendor trap number in the last two DataDetails bytes. Trap 1146
 * (VPort state change) says that a vport of the issuing port changed state - its VirtualizationInfo.VPortStateChange
 * is set; its DataDetails carry the port's LID at bytes 2-3. Trap 1144 (VPort local changes) is the vport form of
 * Trap 144.
 *
 * <p>Stateless.
 */
public final class VendorTraps {

    /** The IEEE OUI of Mellanox (NVIDIA networking), the VendorID of these notices. */
    public static final int MELLANOX_VENDOR_ID = 0x0002C9;
    /** Vendor trap 1144: local changes of a vport (capability mask, VNodeDescription). */
    public static final int VPORT_LOCAL_CHANGES = 1144;
    /** Vendor trap 1146: a vport of the issuing port changed state. */
    public static final int VPORT_STATE_CHANGE = 1146;
    /** Offset of the vendor trap number within DataDetails. */
    public static final int TRAP_NUMBER_OFFSET = Notice.DATA_DETAILS_LENGTH - 2;
    /** Offset of the issuing port's LID within the DataDetails of Trap 1146. */
    public static final int LID_OFFSET = 2;

    private VendorTraps() {
    }

    /**
     * Trap 1146 from the physical port whose LID is {@code lid}, on a node whose DeviceID is {@code deviceId}
     * (Type informational).
     */
    public static Notice vportStateChange(int lid, int deviceId) {
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        putU16(details, LID_OFFSET, lid);
        putU16(details, TRAP_NUMBER_OFFSET, VPORT_STATE_CHANGE);
        return new Notice(false, Notice.TYPE_INFORMATIONAL, MELLANOX_VENDOR_ID, deviceId, lid, 0, 0, details);
    }

    /** The trap number of any notice: TrapNumber of a generic one, the last two DataDetails bytes of a vendor one. */
    public static int trapNumber(Notice notice) {
        if (notice.generic()) {
            return notice.trapNumberOrDeviceId();
        }
        byte[] d = notice.dataDetails();
        return ((d[TRAP_NUMBER_OFFSET] & 0xFF) << 8) | (d[TRAP_NUMBER_OFFSET + 1] & 0xFF);
    }

    /** Whether {@code notice} is Trap 1146 of the Mellanox vendor. */
    public static boolean isVPortStateChange(Notice notice) {
        return !notice.generic() && notice.producerTypeOrVendorId() == MELLANOX_VENDOR_ID
                && trapNumber(notice) == VPORT_STATE_CHANGE;
    }

    private static void putU16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }
}
