package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * PathRecord (SA attribute 0x0035, 64 bytes; IBA 15.2.5.16): the properties of a path between two end ports - the
 * LIDs and GIDs, SL, P_Key, MTU, rate and packet lifetime a client uses to set up a connection.
 *
 * <p>In detail: docs/design/sa.md#pathrecord.
 */
public record PathRecord(long serviceId, Gid dgid, Gid sgid, int dlid, int slid, int rawTraffic, int flowLabel,
                         int hopLimit, int tClass, int reversible, int numbPath, int pKey, int qosClass, int sl,
                         int mtuSelector, int mtu, int rateSelector, int rate, int packetLifeTimeSelector,
                         int packetLifeTime, int preference) {

    /** Record size in bytes. */
    public static final int SIZE = 64;

    /** Selector 0: greater than the value. */
    public static final int SELECTOR_GREATER_THAN = 0;
    /** Selector 1: less than the value. */
    public static final int SELECTOR_LESS_THAN = 1;
    /** Selector 2: exactly the value. */
    public static final int SELECTOR_EXACTLY = 2;
    /** Selector 3: the largest available. */
    public static final int SELECTOR_LARGEST = 3;

    public static final int COMPONENT_SERVICE_ID_MSB = 0;
    public static final int COMPONENT_SERVICE_ID_LSB = 1;
    public static final int COMPONENT_DGID = 2;
    public static final int COMPONENT_SGID = 3;
    public static final int COMPONENT_DLID = 4;
    public static final int COMPONENT_SLID = 5;
    public static final int COMPONENT_RAW_TRAFFIC = 6;
    public static final int COMPONENT_FLOW_LABEL = 8;
    public static final int COMPONENT_HOP_LIMIT = 9;
    public static final int COMPONENT_T_CLASS = 10;
    public static final int COMPONENT_REVERSIBLE = 11;
    public static final int COMPONENT_NUMB_PATH = 12;
    public static final int COMPONENT_P_KEY = 13;
    public static final int COMPONENT_QOS_CLASS = 14;
    public static final int COMPONENT_SL = 15;
    public static final int COMPONENT_MTU_SELECTOR = 16;
    public static final int COMPONENT_MTU = 17;
    public static final int COMPONENT_RATE_SELECTOR = 18;
    public static final int COMPONENT_RATE = 19;
    public static final int COMPONENT_PACKET_LIFE_TIME_SELECTOR = 20;
    public static final int COMPONENT_PACKET_LIFE_TIME = 21;
    public static final int COMPONENT_PREFERENCE = 22;

    public static final Field SERVICE_ID = Field.u64("ServiceID", 0);
    public static final Field DGID = Field.bytes("DGID", 8, 16);
    public static final Field SGID = Field.bytes("SGID", 24, 16);
    public static final Field DLID = Field.u16("DLID", 40);
    public static final Field SLID = Field.u16("SLID", 42);
    public static final Field RAW_TRAFFIC = Field.bits("RawTraffic", 44, 7, 7);
    public static final Field FLOW_LABEL = Field.bits("FlowLabel", 44 * 8 + 4, 20);
    public static final Field HOP_LIMIT = Field.u8("HopLimit", 47);
    public static final Field T_CLASS = Field.u8("TClass", 48);
    public static final Field REVERSIBLE = Field.bits("Reversible", 49, 7, 7);
    public static final Field NUMB_PATH = Field.bits("NumbPath", 49, 6, 0);
    public static final Field P_KEY = Field.u16("P_Key", 50);
    public static final Field QOS_CLASS = Field.bits("QoSClass", 52 * 8, 12);
    public static final Field SL = Field.bits("SL", 53, 3, 0);
    public static final Field MTU_SELECTOR = Field.bits("MTUSelector", 54, 7, 6);
    public static final Field MTU = Field.bits("MTU", 54, 5, 0);
    public static final Field RATE_SELECTOR = Field.bits("RateSelector", 55, 7, 6);
    public static final Field RATE = Field.bits("Rate", 55, 5, 0);
    public static final Field PACKET_LIFE_TIME_SELECTOR = Field.bits("PacketLifeTimeSelector", 56, 7, 6);
    public static final Field PACKET_LIFE_TIME = Field.bits("PacketLifeTime", 56, 5, 0);
    public static final Field PREFERENCE = Field.u8("Preference", 57);
    private static final Field FLOW_RESERVED = Field.reserved(44 * 8 + 1, 3);

    public static final Layout LAYOUT = Layout.of("PathRecord", SIZE, SERVICE_ID, DGID, SGID, DLID, SLID,
            RAW_TRAFFIC, FLOW_RESERVED, FLOW_LABEL, HOP_LIMIT, T_CLASS, REVERSIBLE, NUMB_PATH, P_KEY, QOS_CLASS, SL,
            MTU_SELECTOR, MTU, RATE_SELECTOR, RATE, PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, PREFERENCE,
            Field.reservedBytes(58, 6));
    public static final Components COMPONENTS = Components.of(Field.u32("ServiceID(MSB)", 0),
            Field.u32("ServiceID(LSB)", 4), DGID, SGID, DLID, SLID, RAW_TRAFFIC, FLOW_RESERVED, FLOW_LABEL, HOP_LIMIT,
            T_CLASS, REVERSIBLE, NUMB_PATH, P_KEY, QOS_CLASS, SL, MTU_SELECTOR, MTU, RATE_SELECTOR, RATE,
            PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, PREFERENCE);

    /** Decodes the record at {@code off}. */
    public static PathRecord decode(byte[] b, int off) {
        return new PathRecord(SERVICE_ID.getLong(b, off), Gid.read(DGID, b, off), Gid.read(SGID, b, off),
                DLID.getInt(b, off), SLID.getInt(b, off), RAW_TRAFFIC.getInt(b, off), FLOW_LABEL.getInt(b, off),
                HOP_LIMIT.getInt(b, off), T_CLASS.getInt(b, off), REVERSIBLE.getInt(b, off), NUMB_PATH.getInt(b, off),
                P_KEY.getInt(b, off), QOS_CLASS.getInt(b, off), SL.getInt(b, off), MTU_SELECTOR.getInt(b, off),
                MTU.getInt(b, off), RATE_SELECTOR.getInt(b, off), RATE.getInt(b, off),
                PACKET_LIFE_TIME_SELECTOR.getInt(b, off), PACKET_LIFE_TIME.getInt(b, off),
                PREFERENCE.getInt(b, off));
    }

    /** Encodes the record at {@code off}, reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        SERVICE_ID.put(b, off, serviceId);
        dgid.write(DGID, b, off);
        sgid.write(SGID, b, off);
        DLID.put(b, off, dlid);
        SLID.put(b, off, slid);
        RAW_TRAFFIC.put(b, off, rawTraffic);
        FLOW_LABEL.put(b, off, flowLabel);
        HOP_LIMIT.put(b, off, hopLimit);
        T_CLASS.put(b, off, tClass);
        REVERSIBLE.put(b, off, reversible);
        NUMB_PATH.put(b, off, numbPath);
        P_KEY.put(b, off, pKey);
        QOS_CLASS.put(b, off, qosClass);
        SL.put(b, off, sl);
        MTU_SELECTOR.put(b, off, mtuSelector);
        MTU.put(b, off, mtu);
        RATE_SELECTOR.put(b, off, rateSelector);
        RATE.put(b, off, rate);
        PACKET_LIFE_TIME_SELECTOR.put(b, off, packetLifeTimeSelector);
        PACKET_LIFE_TIME.put(b, off, packetLifeTime);
        PREFERENCE.put(b, off, preference);
    }
}
