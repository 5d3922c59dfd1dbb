package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * MCMemberRecord (SA attribute 0x0038, 56 bytes; IBA 15.2.5.17): one port's membership in a multicast group with
 * the group's parameters; a Set joins, a Delete leaves, Get/GetTable query.
 *
 * <p>Components (docs/reference/mad-formats.md#mcmemberrecord): 0 MGID,
 * 1 PortGID, 2 Q_Key, 3 MLID, 4 MTUSelector, 5 MTU, 6 TClass, 7 P_Key,
 * 8 RateSelector, 9 Rate, 10 PacketLifeTimeSelector, 11 PacketLifeTime, 12 SL, 13 FlowLabel, 14 HopLimit, 15 Scope,
 * 16 JoinState, 17 ProxyJoin.
 *
 * <p>Immutable; safe to share.
 *
 * @param mgid multicast GID of the group
 * @param portGid GID of the member port
 * @param qKey Q_Key of the group (unsigned 32 bits)
 * @param mlid multicast LID
 * @param mtuSelector MTUSelector
 * @param mtu MTU
 * @param tClass TClass
 * @param pKey P_Key
 * @param rateSelector RateSelector
 * @param rate Rate
 * @param packetLifeTimeSelector PacketLifeTimeSelector
 * @param packetLifeTime PacketLifeTime
 * @param sl SL
 * @param flowLabel FlowLabel (20 bits)
 * @param hopLimit HopLimit
 * @param scope Scope (4 bits)
 * @param joinState JoinState bits ({@link #JOIN_FULL_MEMBER} ..)
 * @param proxyJoin ProxyJoin bit (0/1)
 */
public record McMemberRecord(Gid mgid, Gid portGid, long qKey, int mlid, int mtuSelector, int mtu, int tClass,
                             int pKey, int rateSelector, int rate, int packetLifeTimeSelector, int packetLifeTime,
                             int sl, int flowLabel, int hopLimit, int scope, int joinState, int proxyJoin) {

    /** Record size in bytes (52 + 4 pad). */
    public static final int SIZE = 56;
    public static final int JOIN_FULL_MEMBER = 0x1;
    public static final int JOIN_NON_MEMBER = 0x2;
    public static final int JOIN_SEND_ONLY_NON_MEMBER = 0x4;
    public static final int JOIN_SEND_ONLY_FULL_MEMBER = 0x8;

    public static final int COMPONENT_MGID = 0;
    public static final int COMPONENT_PORT_GID = 1;
    public static final int COMPONENT_Q_KEY = 2;
    public static final int COMPONENT_MLID = 3;
    public static final int COMPONENT_T_CLASS = 6;
    public static final int COMPONENT_P_KEY = 7;
    public static final int COMPONENT_SL = 12;
    public static final int COMPONENT_FLOW_LABEL = 13;
    public static final int COMPONENT_SCOPE = 15;
    public static final int COMPONENT_JOIN_STATE = 16;
    public static final int COMPONENT_PROXY_JOIN = 17;

    public static final Field MGID = Field.bytes("MGID", 0, 16);
    public static final Field PORT_GID = Field.bytes("PortGID", 16, 16);
    public static final Field Q_KEY = Field.u32("Q_Key", 32);
    public static final Field MLID = Field.u16("MLID", 36);
    public static final Field MTU_SELECTOR = Field.bits("MTUSelector", 38, 7, 6);
    public static final Field MTU = Field.bits("MTU", 38, 5, 0);
    public static final Field T_CLASS = Field.u8("TClass", 39);
    public static final Field P_KEY = Field.u16("P_Key", 40);
    public static final Field RATE_SELECTOR = Field.bits("RateSelector", 42, 7, 6);
    public static final Field RATE = Field.bits("Rate", 42, 5, 0);
    public static final Field PACKET_LIFE_TIME_SELECTOR = Field.bits("PacketLifeTimeSelector", 43, 7, 6);
    public static final Field PACKET_LIFE_TIME = Field.bits("PacketLifeTime", 43, 5, 0);
    public static final Field SL = Field.bits("SL", 44, 7, 4);
    public static final Field FLOW_LABEL = Field.bits("FlowLabel", 44 * 8 + 4, 20);
    public static final Field HOP_LIMIT = Field.u8("HopLimit", 47);
    public static final Field SCOPE = Field.bits("Scope", 48, 7, 4);
    public static final Field JOIN_STATE = Field.bits("JoinState", 48, 3, 0);
    public static final Field PROXY_JOIN = Field.bits("ProxyJoin", 49, 7, 7);

    public static final Layout LAYOUT = Layout.of("MCMemberRecord", SIZE, MGID, PORT_GID, Q_KEY, MLID, MTU_SELECTOR,
            MTU, T_CLASS, P_KEY, RATE_SELECTOR, RATE, PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, SL, FLOW_LABEL,
            HOP_LIMIT, SCOPE, JOIN_STATE, PROXY_JOIN, Field.reserved(49 * 8 + 1, 23), Field.reservedBytes(52, 4));
    public static final Components COMPONENTS = Components.of(MGID, PORT_GID, Q_KEY, MLID, MTU_SELECTOR, MTU,
            T_CLASS, P_KEY, RATE_SELECTOR, RATE, PACKET_LIFE_TIME_SELECTOR, PACKET_LIFE_TIME, SL, FLOW_LABEL,
            HOP_LIMIT, SCOPE, JOIN_STATE, PROXY_JOIN);

    /** Decodes the record at {@code off}. */
    public static McMemberRecord decode(byte[] b, int off) {
        return new McMemberRecord(Gid.read(MGID, b, off), Gid.read(PORT_GID, b, off), Q_KEY.getLong(b, off),
                MLID.getInt(b, off), MTU_SELECTOR.getInt(b, off), MTU.getInt(b, off), T_CLASS.getInt(b, off),
                P_KEY.getInt(b, off), RATE_SELECTOR.getInt(b, off), RATE.getInt(b, off),
                PACKET_LIFE_TIME_SELECTOR.getInt(b, off), PACKET_LIFE_TIME.getInt(b, off), SL.getInt(b, off),
                FLOW_LABEL.getInt(b, off), HOP_LIMIT.getInt(b, off), SCOPE.getInt(b, off), JOIN_STATE.getInt(b, off),
                PROXY_JOIN.getInt(b, off));
    }

    /** Encodes the record at {@code off}, reserved and pad bits zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        mgid.write(MGID, b, off);
        portGid.write(PORT_GID, b, off);
        Q_KEY.put(b, off, qKey);
        MLID.put(b, off, mlid);
        MTU_SELECTOR.put(b, off, mtuSelector);
        MTU.put(b, off, mtu);
        T_CLASS.put(b, off, tClass);
        P_KEY.put(b, off, pKey);
        RATE_SELECTOR.put(b, off, rateSelector);
        RATE.put(b, off, rate);
        PACKET_LIFE_TIME_SELECTOR.put(b, off, packetLifeTimeSelector);
        PACKET_LIFE_TIME.put(b, off, packetLifeTime);
        SL.put(b, off, sl);
        FLOW_LABEL.put(b, off, flowLabel);
        HOP_LIMIT.put(b, off, hopLimit);
        SCOPE.put(b, off, scope);
        JOIN_STATE.put(b, off, joinState);
        PROXY_JOIN.put(b, off, proxyJoin);
    }
}
