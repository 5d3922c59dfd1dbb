package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * VPortInfo (vendor attribute 0xFFB1, 64 bytes; {@code docs/virtualization.md}): one virtual port behind a physical CA
 * port - its state, whether it needs a LID of its own, the LID the SM gave it, its GUID. The attribute modifier is the
 * vport index (bits 15:0; vport 0 is the physical function).
 *
 * <p>In detail: docs/design/mad-transport.md#vportinfo.
 */
public record VPortInfo(int vportState, int vportClientReregister, int lidRequired, int vguidCap,
                        int vportCapabilityMask, int pKeyViolations, int qKeyViolations, int vportLid,
                        int lidByVPortIndex, long vportGuid, long vportProfile) {

    /** VPortState 0: no change (in a Set). */
    public static final int STATE_NO_CHANGE = 0;
    /** VPortState Down (also a vport that is not enabled). */
    public static final int STATE_DOWN = 1;
    /** VPortState Init. */
    public static final int STATE_INIT = 2;
    /** VPortState Armed. */
    public static final int STATE_ARMED = 3;
    /** VPortState Active. */
    public static final int STATE_ACTIVE = 4;

    public static final int CAP_IS_COMMUNICATION_MANAGEMENT_SUPPORTED = 0x0001;
    public static final int CAP_IS_SNMP_TUNNELING_SUPPORTED = 0x0002;
    public static final int CAP_IS_DEVICE_MANAGEMENT_SUPPORTED = 0x0004;
    public static final int CAP_IS_VENDOR_CLASS_SUPPORTED = 0x0008;
    public static final int CAP_IS_BOOT_MANAGEMENT_SUPPORTED = 0x0010;
    public static final int CAP_IS_SM = 0x0020;
    public static final int CAP_IS_SM_DISABLED = 0x0040;

    /** Highest vport index an attribute modifier can carry. */
    public static final int MAX_INDEX = 0xFFFF;

    public static final Field VPORT_STATE = Field.bits("VPortState", 0, 7, 4);
    public static final Field VPORT_CLIENT_REREGISTER = Field.bits("VPortClientReregister", 0, 3, 3);
    public static final Field LID_REQUIRED = Field.bits("LIDRequired", 0, 2, 2);
    public static final Field VGUID_CAP = Field.u8("VGUIDCap", 1);
    public static final Field VPORT_CAPABILITY_MASK = Field.u16("VPortCapabilityMask", 2);
    public static final Field P_KEY_VIOLATIONS = Field.u16("P_KeyViolations", 4);
    public static final Field Q_KEY_VIOLATIONS = Field.u16("Q_KeyViolations", 6);
    public static final Field VPORT_LID = Field.u16("VPortLID", 8);
    public static final Field LID_BY_VPORT_INDEX = Field.u16("LIDByVPortIndex", 10);
    public static final Field VPORT_GUID = Field.u64("VPortGUID", 12);
    public static final Field VPORT_PROFILE = Field.u64("VPortProfile", 20);

    public static final Layout LAYOUT = Layout.of("VPortInfo", 64, VPORT_STATE, VPORT_CLIENT_REREGISTER,
            LID_REQUIRED, Field.reserved(6, 2), VGUID_CAP, VPORT_CAPABILITY_MASK, P_KEY_VIOLATIONS, Q_KEY_VIOLATIONS,
            VPORT_LID, LID_BY_VPORT_INDEX, VPORT_GUID, VPORT_PROFILE, Field.reservedBytes(28, 36));

    /** Decodes VPortInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static VPortInfo decode(byte[] b, int off) {
        return new VPortInfo(VPORT_STATE.getInt(b, off), VPORT_CLIENT_REREGISTER.getInt(b, off),
                LID_REQUIRED.getInt(b, off), VGUID_CAP.getInt(b, off), VPORT_CAPABILITY_MASK.getInt(b, off),
                P_KEY_VIOLATIONS.getInt(b, off), Q_KEY_VIOLATIONS.getInt(b, off), VPORT_LID.getInt(b, off),
                LID_BY_VPORT_INDEX.getInt(b, off), VPORT_GUID.getLong(b, off), VPORT_PROFILE.getLong(b, off));
    }

    /** Encodes the 64 bytes at {@code off}; reserved bits are written as zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + LAYOUT.size(), (byte) 0);
        VPORT_STATE.put(b, off, vportState);
        VPORT_CLIENT_REREGISTER.put(b, off, vportClientReregister);
        LID_REQUIRED.put(b, off, lidRequired);
        VGUID_CAP.put(b, off, vguidCap);
        VPORT_CAPABILITY_MASK.put(b, off, vportCapabilityMask);
        P_KEY_VIOLATIONS.put(b, off, pKeyViolations);
        Q_KEY_VIOLATIONS.put(b, off, qKeyViolations);
        VPORT_LID.put(b, off, vportLid);
        LID_BY_VPORT_INDEX.put(b, off, lidByVPortIndex);
        VPORT_GUID.put(b, off, vportGuid);
        VPORT_PROFILE.put(b, off, vportProfile);
    }

    /** A copy with one field replaced (Sets are built from the last Get). */
    public VPortInfo with(Field field, long value) {
        byte[] b = new byte[LAYOUT.size()];
        encodeTo(b, 0);
        field.put(b, 0, value);
        return decode(b, 0);
    }

    /** Whether the vport needs a LID of its own. */
    public boolean needsOwnLid() {
        return lidRequired != 0;
    }

    /** Attribute modifier selecting vport {@code index}. */
    public static long modifier(int index) {
        BlockFields.checkRange("VPortInfo vport index", index, 0, MAX_INDEX);
        return index;
    }

    /** The vport index an attribute modifier selects; values above {@link #MAX_INDEX} are invalid requests. */
    public static long index(long attributeModifier) {
        return attributeModifier & 0xFFFF_FFFFL;
    }
}
