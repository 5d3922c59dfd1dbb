package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * InformInfo (SA attribute 0x0003, 36 bytes; IBA 13.4.8.3): a subscription (Subscribe 1) or its withdrawal
 * (Subscribe 0) to the notices matching a GID or LID range, generic trap number or vendor device ID, type and
 * producer; the SA forwards matching notices as Reports to the subscriber's QPN.
 *
 * <p>Immutable; safe to share.
 *
 * @param gid GID the subscription is about (all zero: use the LID range)
 * @param lidRangeBegin first LID ({@link #LID_RANGE_ALL} in both = all)
 * @param lidRangeEnd last LID
 * @param isGeneric 1 for generic traps, 0 for vendor ones
 * @param subscribe 1 subscribe, 0 unsubscribe
 * @param type notice type ({@link #TYPE_ALL} = all)
 * @param trapNumberOrDeviceId TrapNumber (generic) or DeviceID (vendor); 0xFFFF = all
 * @param qpn the subscriber's QPN (24 bits)
 * @param respTimeValue RespTimeValue (5 bits)
 * @param producerTypeOrVendorId ProducerType (generic) or VendorID (24 bits); 0xFFFFFF = all
 */
public record InformInfo(Gid gid, int lidRangeBegin, int lidRangeEnd, int isGeneric, int subscribe, int type,
                         int trapNumberOrDeviceId, int qpn, int respTimeValue, int producerTypeOrVendorId) {

    /** Attribute size in bytes. */
    public static final int SIZE = 36;
    /** LIDRangeBegin value meaning "every LID". */
    public static final int LID_RANGE_ALL = 0xFFFF;
    /** Type value meaning "every type". */
    public static final int TYPE_ALL = 0xFFFF;

    public static final Field GID = Field.bytes("GID", 0, 16);
    public static final Field LID_RANGE_BEGIN = Field.u16("LIDRangeBegin", 16);
    public static final Field LID_RANGE_END = Field.u16("LIDRangeEnd", 18);
    public static final Field IS_GENERIC = Field.u8("IsGeneric", 22);
    public static final Field SUBSCRIBE = Field.u8("Subscribe", 23);
    public static final Field TYPE = Field.u16("Type", 24);
    public static final Field TRAP_NUMBER_OR_DEVICE_ID = Field.u16("TrapNumberDeviceID", 26);
    public static final Field QPN = Field.bits("QPN", 28 * 8, 24);
    public static final Field RESP_TIME_VALUE = Field.bits("RespTimeValue", 31, 4, 0);
    public static final Field PRODUCER_TYPE_OR_VENDOR_ID = Field.bits("ProducerTypeVendorID", 33 * 8, 24);

    public static final Layout LAYOUT = Layout.of("InformInfo", SIZE, GID, LID_RANGE_BEGIN, LID_RANGE_END,
            Field.reservedBytes(20, 2), IS_GENERIC, SUBSCRIBE, TYPE, TRAP_NUMBER_OR_DEVICE_ID, QPN,
            Field.reserved(31 * 8, 3), RESP_TIME_VALUE, Field.reservedBytes(32, 1), PRODUCER_TYPE_OR_VENDOR_ID);

    /** Decodes the attribute at {@code off}. */
    public static InformInfo decode(byte[] b, int off) {
        return new InformInfo(Gid.read(GID, b, off), LID_RANGE_BEGIN.getInt(b, off), LID_RANGE_END.getInt(b, off),
                IS_GENERIC.getInt(b, off), SUBSCRIBE.getInt(b, off), TYPE.getInt(b, off),
                TRAP_NUMBER_OR_DEVICE_ID.getInt(b, off), QPN.getInt(b, off), RESP_TIME_VALUE.getInt(b, off),
                PRODUCER_TYPE_OR_VENDOR_ID.getInt(b, off));
    }

    /** Encodes the attribute at {@code off}, reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        gid.write(GID, b, off);
        LID_RANGE_BEGIN.put(b, off, lidRangeBegin);
        LID_RANGE_END.put(b, off, lidRangeEnd);
        IS_GENERIC.put(b, off, isGeneric);
        SUBSCRIBE.put(b, off, subscribe);
        TYPE.put(b, off, type);
        TRAP_NUMBER_OR_DEVICE_ID.put(b, off, trapNumberOrDeviceId);
        QPN.put(b, off, qpn);
        RESP_TIME_VALUE.put(b, off, respTimeValue);
        PRODUCER_TYPE_OR_VENDOR_ID.put(b, off, producerTypeOrVendorId);
    }
}
