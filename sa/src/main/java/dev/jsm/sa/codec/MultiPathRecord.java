package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * MultiPathRecord (SA attribute 0x003A; IBA 15.2.5.20): a request for the paths between several source and
 * several destination ports at once - a 24-byte fixed part with the PathRecord-like constraints, then
 * {@code SGIDCount} source GIDs and {@code DGIDCount} destination GIDs, 16 bytes each. Only requested (method
 * GetMulti, so through RMPP: more than 11 GIDs do not fit one MAD's 200 bytes); the answer is PathRecords.
 *
 * <p>In detail: docs/design/sa.md#multipathrecord.
 */
public record MultiPathRecord(int rawTraffic, int flowLabel, int hopLimit, int tClass, int reversible, int numbPath,
                              int pKey, int qosClass, int sl, int mtuSelector, int mtu, int rateSelector, int rate,
                              int packetLifeTimeSelector, int packetLifeTime, long serviceId,
                              int independenceSelector, List<Gid> sgids, List<Gid> dgids) {

    /** Size of the fixed part before the GIDs. */
    public static final int FIXED_SIZE = 24;
    /** GIDs that fit one MAD's 200 bytes of SA data after the fixed part (OpenSM reads no more). */
    public static final int GIDS_IN_ONE_MAD = (SaHeader.DATA_SIZE - FIXED_SIZE) / Gid.SIZE;
    /** The largest record: SGIDCount and DGIDCount are one byte each, so at most 255 GIDs of each kind. */
    public static final int MAX_SIZE = FIXED_SIZE + 2 * 0xFF * Gid.SIZE;

    public static final int COMPONENT_RAW_TRAFFIC = 0;
    public static final int COMPONENT_FLOW_LABEL = 2;
    public static final int COMPONENT_HOP_LIMIT = 3;
    public static final int COMPONENT_T_CLASS = 4;
    public static final int COMPONENT_REVERSIBLE = 5;
    public static final int COMPONENT_NUMB_PATH = 6;
    public static final int COMPONENT_P_KEY = 7;
    public static final int COMPONENT_QOS_CLASS = 8;
    public static final int COMPONENT_SL = 9;
    public static final int COMPONENT_MTU_SELECTOR = 10;
    public static final int COMPONENT_MTU = 11;
    public static final int COMPONENT_RATE_SELECTOR = 12;
    public static final int COMPONENT_RATE = 13;
    public static final int COMPONENT_PACKET_LIFE_TIME_SELECTOR = 14;
    public static final int COMPONENT_PACKET_LIFE_TIME = 15;
    public static final int COMPONENT_SERVICE_ID_8_MSB = 16;
    public static final int COMPONENT_INDEPENDENCE_SELECTOR = 17;
    public static final int COMPONENT_SGID_COUNT = 19;
    public static final int COMPONENT_DGID_COUNT = 20;
    public static final int COMPONENT_SERVICE_ID_56_LSB = 21;

    public static final Field RAW_TRAFFIC = Field.bits("RawTraffic", 0, 7, 7);
    private static final Field FLOW_RESERVED = Field.reserved(1, 3);
    public static final Field FLOW_LABEL = Field.bits("FlowLabel", 4, 20);
    public static final Field HOP_LIMIT = Field.u8("HopLimit", 3);
    public static final Field T_CLASS = Field.u8("TClass", 4);
    public static final Field REVERSIBLE = Field.bits("Reversible", 5, 7, 7);
    public static final Field NUMB_PATH = Field.bits("NumbPath", 5, 6, 0);
    public static final Field P_KEY = Field.u16("P_Key", 6);
    public static final Field QOS_CLASS = Field.bits("QoSClass", 8 * 8, 12);
    public static final Field SL = Field.bits("SL", 9, 3, 0);
    public static final Field MTU_SELECTOR = Field.bits("MTUSelector", 10, 7, 6);
    public static final Field MTU = Field.bits("MTU", 10, 5, 0);
    public static final Field RATE_SELECTOR = Field.bits("RateSelector", 11, 7, 6);
    public static final Field RATE = Field.bits("Rate", 11, 5, 0);
    public static final Field PACKET_LIFE_TIME_SELECTOR = Field.bits("PacketLifeTimeSelector", 12, 7, 6);
    public static final Field PACKET_LIFE_TIME = Field.bits("PacketLifeTime", 12, 5, 0);
    public static final Field SERVICE_ID_8_MSB = Field.u8("ServiceID8MSB", 13);
    public static final Field INDEPENDENCE_SELECTOR = Field.bits("IndependenceSelector", 14, 7, 6);
    private static final Field INDEPENDENCE_RESERVED = Field.reserved(14 * 8 + 2, 6);
    public static final Field SGID_COUNT = Field.u8("SGIDCount", 15);
    public static final Field DGID_COUNT = Field.u8("DGIDCount", 16);
    public static final Field SERVICE_ID_56_LSB = Field.bits("ServiceID56LSB", 17 * 8, 56);
    /** One GID of the list, relative to its own start. */
    private static final Field GID = Field.bytes("GID", 0, Gid.SIZE);

    /** The fixed part. */
    public static final Layout LAYOUT = Layout.of("MultiPathRecord", FIXED_SIZE, RAW_TRAFFIC, FLOW_RESERVED,
            FLOW_LABEL, HOP_LIMIT, T_CLASS, REVERSIBLE, NUMB_PATH, P_KEY, QOS_CLASS, SL, MTU_SELECTOR, MTU,
            RATE_SELECTOR, RATE, PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, SERVICE_ID_8_MSB, INDEPENDENCE_SELECTOR,
            INDEPENDENCE_RESERVED, SGID_COUNT, DGID_COUNT, SERVICE_ID_56_LSB);
    /** The component table (IBA Table 210 order). */
    public static final Components COMPONENTS = Components.of(RAW_TRAFFIC, FLOW_RESERVED, FLOW_LABEL, HOP_LIMIT,
            T_CLASS, REVERSIBLE, NUMB_PATH, P_KEY, QOS_CLASS, SL, MTU_SELECTOR, MTU, RATE_SELECTOR, RATE,
            PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, SERVICE_ID_8_MSB, INDEPENDENCE_SELECTOR,
            INDEPENDENCE_RESERVED, SGID_COUNT, DGID_COUNT, SERVICE_ID_56_LSB);

    /** Copies the GID lists and checks that each count fits its byte. */
    public MultiPathRecord {
        sgids = List.copyOf(sgids);
        dgids = List.copyOf(dgids);
        if (sgids.size() > 0xFF || dgids.size() > 0xFF) {
            throw new IllegalArgumentException("at most 255 SGIDs and 255 DGIDs, not " + sgids.size() + " and "
                    + dgids.size());
        }
    }

    /**
     * Decodes the record at {@code off} of {@code b}, reading {@code sgidCount} source and {@code dgidCount}
     * destination GIDs (the counts of the record, or 0 where the request's ComponentMask leaves a count out).
     *
     * @throws IllegalArgumentException if the GIDs extend beyond {@code length} bytes from {@code off}
     */
    public static MultiPathRecord decode(byte[] b, int off, int length, int sgidCount, int dgidCount) {
        int need = size(sgidCount + dgidCount);
        if (length < need || off + need > b.length) {
            throw new IllegalArgumentException("MultiPathRecord with " + sgidCount + " SGIDs and " + dgidCount
                    + " DGIDs needs " + need + " bytes, the request has " + Math.min(length, b.length - off));
        }
        List<Gid> gids = new ArrayList<>(sgidCount + dgidCount);
        for (int i = 0; i < sgidCount + dgidCount; i++) {
            gids.add(Gid.read(GID, b, off + FIXED_SIZE + i * Gid.SIZE));
        }
        return new MultiPathRecord(RAW_TRAFFIC.getInt(b, off), FLOW_LABEL.getInt(b, off), HOP_LIMIT.getInt(b, off),
                T_CLASS.getInt(b, off), REVERSIBLE.getInt(b, off), NUMB_PATH.getInt(b, off), P_KEY.getInt(b, off),
                QOS_CLASS.getInt(b, off), SL.getInt(b, off), MTU_SELECTOR.getInt(b, off), MTU.getInt(b, off),
                RATE_SELECTOR.getInt(b, off), RATE.getInt(b, off), PACKET_LIFE_TIME_SELECTOR.getInt(b, off),
                PACKET_LIFE_TIME.getInt(b, off),
                SERVICE_ID_8_MSB.getLong(b, off) << 56 | SERVICE_ID_56_LSB.getLong(b, off),
                INDEPENDENCE_SELECTOR.getInt(b, off), gids.subList(0, sgidCount),
                gids.subList(sgidCount, sgidCount + dgidCount));
    }

    /** Bytes of a record with {@code gids} GIDs in all. */
    public static int size(int gids) {
        return FIXED_SIZE + gids * Gid.SIZE;
    }

    /** Bytes of this record. */
    public int size() {
        return size(sgids.size() + dgids.size());
    }

    /** Encodes the record at {@code off} (it takes {@link #size()} bytes), reserved bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + size(), (byte) 0);
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
        SERVICE_ID_8_MSB.put(b, off, serviceId >>> 56);
        INDEPENDENCE_SELECTOR.put(b, off, independenceSelector);
        SGID_COUNT.put(b, off, sgids.size());
        DGID_COUNT.put(b, off, dgids.size());
        SERVICE_ID_56_LSB.put(b, off, serviceId & 0x00FF_FFFF_FFFF_FFFFL);
        int at = off + FIXED_SIZE;
        for (Gid g : sgids) {
            g.write(GID, b, at);
            at += Gid.SIZE;
        }
        for (Gid g : dgids) {
            g.write(GID, b, at);
            at += Gid.SIZE;
        }
    }
}
