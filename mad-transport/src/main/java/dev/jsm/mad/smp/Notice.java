package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Notice (attribute 0x0002, 64 bytes; IBA 13.4.8.2): the payload of a Trap() a node sends to the SM (and of a
 * Get/Set(Notice)), e.g. Trap 128 "link state changed" from a switch or Trap 144 "local changes" from a port.
 *
 * <p>In detail: docs/design/mad-transport.md#notice.
 */
public record Notice(boolean generic, int type, int producerTypeOrVendorId, int trapNumberOrDeviceId,
                     int issuerLid, int noticeToggle, int noticeCount, byte[] dataDetails) {

    /** Length of DataDetails in bytes. */
    public static final int DATA_DETAILS_LENGTH = 54;

    /** Type 0: fatal. */
    public static final int TYPE_FATAL = 0;
    /** Type 1: urgent. */
    public static final int TYPE_URGENT = 1;
    /** Type 2: security. */
    public static final int TYPE_SECURITY = 2;
    /** Type 3: subnet management. */
    public static final int TYPE_SUBNET_MANAGEMENT = 3;
    /** Type 4: informational. */
    public static final int TYPE_INFORMATIONAL = 4;

    /** ProducerType 1: channel adapter. */
    public static final int PRODUCER_CA = 1;
    /** ProducerType 2: switch. */
    public static final int PRODUCER_SWITCH = 2;
    /** ProducerType 3: router. */
    public static final int PRODUCER_ROUTER = 3;
    /** ProducerType 4: class manager (e.g. the SM itself). */
    public static final int PRODUCER_CLASS_MANAGER = 4;

    public static final Field IS_GENERIC = Field.bits("IsGeneric", 0, 7, 7);
    public static final Field TYPE = Field.bits("Type", 0, 6, 0);
    public static final Field PRODUCER_TYPE_OR_VENDOR_ID = Field.bits("ProducerType/VendorID", 8, 24);
    public static final Field TRAP_NUMBER_OR_DEVICE_ID = Field.u16("TrapNumber/DeviceID", 4);
    public static final Field ISSUER_LID = Field.u16("IssuerLID", 6);
    public static final Field NOTICE_TOGGLE = Field.bits("NoticeToggle", 8, 7, 7);
    public static final Field NOTICE_COUNT = Field.bits("NoticeCount", 8 * 8 + 1, 15);
    public static final Field DATA_DETAILS = Field.bytes("DataDetails", 10, DATA_DETAILS_LENGTH);

    public static final Layout LAYOUT = Layout.of("Notice", 64, IS_GENERIC, TYPE, PRODUCER_TYPE_OR_VENDOR_ID,
            TRAP_NUMBER_OR_DEVICE_ID, ISSUER_LID, NOTICE_TOGGLE, NOTICE_COUNT, DATA_DETAILS);

    /**
     * @throws IllegalArgumentException unless {@code dataDetails} has 54 bytes
     */
    public Notice {
        if (dataDetails.length != DATA_DETAILS_LENGTH) {
            throw new IllegalArgumentException(
                    "Notice: DataDetails must be " + DATA_DETAILS_LENGTH + " bytes, got " + dataDetails.length);
        }
        dataDetails = dataDetails.clone();
    }

    /** Decodes a Notice at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static Notice decode(byte[] b, int off) {
        return new Notice(IS_GENERIC.getInt(b, off) == 1, TYPE.getInt(b, off),
                PRODUCER_TYPE_OR_VENDOR_ID.getInt(b, off), TRAP_NUMBER_OR_DEVICE_ID.getInt(b, off),
                ISSUER_LID.getInt(b, off), NOTICE_TOGGLE.getInt(b, off), NOTICE_COUNT.getInt(b, off),
                DATA_DETAILS.getBytes(b, off));
    }

    /** Encodes the 64 bytes at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        IS_GENERIC.put(b, off, generic ? 1 : 0);
        TYPE.put(b, off, type);
        PRODUCER_TYPE_OR_VENDOR_ID.put(b, off, producerTypeOrVendorId);
        TRAP_NUMBER_OR_DEVICE_ID.put(b, off, trapNumberOrDeviceId);
        ISSUER_LID.put(b, off, issuerLid);
        NOTICE_TOGGLE.put(b, off, noticeToggle);
        NOTICE_COUNT.put(b, off, noticeCount);
        DATA_DETAILS.putBytes(b, off, dataDetails);
    }

    /** A copy of the 54 DataDetails bytes. */
    @Override
    public byte[] dataDetails() {
        return dataDetails.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Notice n && generic == n.generic && type == n.type
                && producerTypeOrVendorId == n.producerTypeOrVendorId
                && trapNumberOrDeviceId == n.trapNumberOrDeviceId && issuerLid == n.issuerLid
                && noticeToggle == n.noticeToggle && noticeCount == n.noticeCount
                && Arrays.equals(dataDetails, n.dataDetails);
    }

    @Override
    public int hashCode() {
        int h = Boolean.hashCode(generic);
        h = 31 * h + type;
        h = 31 * h + producerTypeOrVendorId;
        h = 31 * h + trapNumberOrDeviceId;
        h = 31 * h + issuerLid;
        h = 31 * h + noticeToggle;
        h = 31 * h + noticeCount;
        return 31 * h + Arrays.hashCode(dataDetails);
    }

    @Override
    public String toString() {
        return "Notice[generic=" + generic + ", type=" + type + ", producerTypeOrVendorId=" + producerTypeOrVendorId
                + ", trapNumberOrDeviceId=" + trapNumberOrDeviceId + ", issuerLid=" + issuerLid + ", noticeToggle="
                + noticeToggle + ", noticeCount=" + noticeCount + ", dataDetails="
                + HexFormat.of().formatHex(dataDetails) + "]";
    }
}
