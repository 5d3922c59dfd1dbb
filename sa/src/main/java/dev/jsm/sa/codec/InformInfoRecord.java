package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * InformInfoRecord (SA attribute 0x00F3, 64 bytes; IBA 15.2.5.12): one event subscription as the SA lists it -
 * the subscriber's port GID, an enumeration telling the subscriber's subscriptions apart, and the subscription's
 * {@link InformInfo}.
 *
 * <p>Layout (docs/reference/mad-formats.md#informinfo-and-informinforecord): 0 SubscriberGID(16),
 * 16 Enum(2), 18 reserved(6), 24 InformInfo(36), 60 pad(4).
 * Components: 0 SubscriberGID, 1 Enum, 2 reserved, then one bit per InformInfo field in order (3 GID,
 * 4 LIDRangeBegin, 5 LIDRangeEnd, 6 reserved, 7 IsGeneric, 8 Subscribe, 9 Type, 10 TrapNumber/DeviceID, 11 QPN,
 * 12 reserved, 13 RespTimeValue, 14 reserved, 15 ProducerType/VendorID).
 *
 * <p>Immutable; safe to share.
 *
 * @param subscriberGid GID of the subscribing port
 * @param enumeration Enum (16 bits)
 * @param informInfo the subscription
 */
public record InformInfoRecord(Gid subscriberGid, int enumeration, InformInfo informInfo) {

    /** Record size in bytes (60 + 4 pad). */
    public static final int SIZE = 64;
    /** Offset of the embedded InformInfo. */
    public static final int INFORM_INFO_OFFSET = 24;

    public static final int COMPONENT_SUBSCRIBER_GID = 0;
    public static final int COMPONENT_ENUM = 1;

    public static final Field SUBSCRIBER_GID = Field.bytes("SubscriberGID", 0, 16);
    public static final Field ENUM = Field.u16("Enum", 16);

    public static final Layout LAYOUT = buildLayout();
    public static final Components COMPONENTS = Components.of(components());

    /** Decodes the record at {@code off}. */
    public static InformInfoRecord decode(byte[] b, int off) {
        return new InformInfoRecord(Gid.read(SUBSCRIBER_GID, b, off), ENUM.getInt(b, off),
                InformInfo.decode(b, off + INFORM_INFO_OFFSET));
    }

    /** Encodes the 64 bytes at {@code off}, reserved and pad bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        subscriberGid.write(SUBSCRIBER_GID, b, off);
        ENUM.put(b, off, enumeration);
        informInfo.encodeTo(b, off + INFORM_INFO_OFFSET);
    }

    private static List<Field> components() {
        List<Field> out = new ArrayList<>();
        out.add(SUBSCRIBER_GID);
        out.add(ENUM);
        out.add(Field.reservedBytes(18, 6));
        out.addAll(Components.embedded(InformInfo.LAYOUT, INFORM_INFO_OFFSET));
        return out;
    }

    private static Layout buildLayout() {
        List<Field> fields = new ArrayList<>(components());
        fields.add(Field.reservedBytes(60, 4));
        return Layout.of("InformInfoRecord", SIZE, fields.toArray(new Field[0]));
    }
}
