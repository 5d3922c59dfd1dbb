package dev.jsm.daemon.link;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.discovery.Attributes;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;

/**
 * The PortInfo values the SM wants on one port (FACTS 1.5), computed from the options, the port's LIDs and both
 * ends' capabilities. Fields that do not apply to the port are {@link #KEEP}: the Set writes back what the port
 * reported. End ports (CA ports, switch port 0) get M_Key, SubnetPrefix, LID, LMC, MasterSMLID, MasterSMSL, the
 * M_Key lease and protection and SubnetTimeOut; ports with a live cable get NeighborMTU = the smaller MTUCap of
 * both ends and OperationalVLs = min(VLCap of both ends, {@code max_op_vls}), plus the error thresholds; switch
 * external ports also get HOQLife and VLStallCount, the {@code leaf_} values when the peer is a CA. The link
 * width and speed enables are written only when a {@code force_link_*} option asks for something other than "all
 * supported" (0 in the Set means no change).
 *
 * <p>Immutable; safe to share.
 *
 * @param mKey M_Key, or {@link #KEEP_LONG}
 * @param gidPrefix GidPrefix, or {@link #KEEP_LONG}
 * @param lid base LID
 * @param lmc LMC
 * @param masterSmLid MasterSMLID
 * @param masterSmSl MasterSMSL
 * @param mKeyLeasePeriod M_KeyLeasePeriod
 * @param mKeyProtectBits M_KeyProtectBits
 * @param subnetTimeout SubnetTimeOut
 * @param neighborMtu NeighborMTU
 * @param operationalVls OperationalVLs
 * @param hoqLife HOQLife
 * @param vlStallCount VLStallCount
 * @param localPhyErrors LocalPhyErrors threshold
 * @param overrunErrors OverrunErrors threshold
 * @param linkWidthEnabled LinkWidthEnabled, 0 = no change
 * @param linkSpeedEnabled LinkSpeedEnabled, 0 = no change
 * @param linkSpeedExtEnabled LinkSpeedExtEnabled, 0 = no change
 * @param enforcement PartitionEnforcementInbound/Outbound and FilterRawInbound/Outbound as PortInfo byte 43's low
 *     nibble (the partition manager's wish for switch ports), or {@link #KEEP}
 * @param vlHighLimit VLHighLimit (the QoS manager's wish), or {@link #KEEP}
 */
public record PortConfig(long mKey, long gidPrefix, int lid, int lmc, int masterSmLid, int masterSmSl,
                         int mKeyLeasePeriod, int mKeyProtectBits, int subnetTimeout, int neighborMtu,
                         int operationalVls, int hoqLife, int vlStallCount, int localPhyErrors, int overrunErrors,
                         int linkWidthEnabled, int linkSpeedEnabled, int linkSpeedExtEnabled, int enforcement,
                         int vlHighLimit) {

    /** An int field the Set leaves as the port reported it. */
    public static final int KEEP = -1;
    /** A long field the Set leaves as the port reported it. */
    public static final long KEEP_LONG = Long.MIN_VALUE;

    /**
     * What the SM wants on {@code port}, an end port getting {@code m_key} itself (no per-port keys).
     *
     * @param o the options in effect
     * @param smLid the SM port's LID (MasterSMLID)
     * @param wishes the partition and QoS managers' wishes for the port
     */
    public static PortConfig of(PhysPort port, SmOptions o, int smLid, PortWishes wishes) {
        return of(port, o, smLid, wishes, MKeyBook.fixed(o.mKey()));
    }

    /**
     * What the SM wants on {@code port}, an end port getting the M_Key {@code mKeys} expects of it
     * ({@code m_key}, or its own with {@code m_key_per_port}).
     *
     * @param o the options in effect
     * @param smLid the SM port's LID (MasterSMLID)
     * @param wishes the partition and QoS managers' wishes for the port
     * @param mKeys the M_Keys the ports should hold
     */
    public static PortConfig of(PhysPort port, SmOptions o, int smLid, PortWishes wishes, MKeyBook mKeys) {
        PortAttributes a = port.attributes();
        EndPort ep = port.endPort();
        boolean end = ep != null && ep.hasLids();
        PhysPort peer = port.portNum() == 0 ? null : port.remote();
        boolean linked = peer != null && a.isUp();
        boolean switchPort = port.node().isSwitch() && port.portNum() != 0;
        boolean leaf = switchPort && linked && !peer.node().isSwitch();
        int mtu = KEEP;
        int vls = KEEP;
        if (linked) {
            PortAttributes pa = peer.attributes();
            mtu = Math.min(a.mtuCap(), pa.mtuCap());
            vls = Math.min(Math.min(a.vlCap(), pa.vlCap()), o.getInt("max_op_vls"));
        }
        return new PortConfig(
                end ? mKeys.expected(port.portGuid()) : KEEP_LONG,
                end ? o.subnetPrefix() : KEEP_LONG,
                end ? ep.lidRange().base() : KEEP,
                end ? ep.lidRange().lmc() : KEEP,
                end ? smLid : KEEP,
                end ? o.smSl() : KEEP,
                end ? o.getInt("m_key_lease_period") : KEEP,
                end ? o.getInt("m_key_protection_level") : KEEP,
                end ? o.getInt("subnet_timeout") : KEEP,
                mtu > 0 ? mtu : KEEP,
                vls > 0 ? vls : KEEP,
                switchPort && linked ? o.getInt(leaf ? "leaf_head_of_queue_lifetime" : "head_of_queue_lifetime")
                        : KEEP,
                switchPort && linked ? o.getInt(leaf ? "leaf_vl_stall_count" : "vl_stall_count") : KEEP,
                linked ? o.getInt("local_phy_errors_threshold") : KEEP,
                linked ? o.getInt("overrun_errors_threshold") : KEEP,
                forced(o.getInt("force_link_width"), 255),
                forced(o.getInt("force_link_speed"), 15),
                forced(o.getInt("force_link_speed_ext"), 31),
                enforcementBits(wishes.partitionEnforcement(port)),
                wishes.vlHighLimit(port));
    }

    /**
     * The fields this config sets whose values {@code a} does not have, as "Name want/have, ..." (for the log, and to
     * tell whether a port still answers as it did), or null if there are none (no Set is needed).
     */
    public String differences(PortAttributes a) {
        StringBuilder out = null;
        out = differs(out, "M_Key", mKey, a.mKey());
        out = differs(out, "GIDPrefix", gidPrefix, a.gidPrefix());
        out = differs(out, "LID", lid, a.lid());
        out = differs(out, "LMC", lmc, a.lmc());
        out = differs(out, "MasterSMLID", masterSmLid, a.masterSmLid());
        out = differs(out, "MasterSMSL", masterSmSl, a.masterSmSl());
        out = differs(out, "M_KeyLeasePeriod", mKeyLeasePeriod, a.mKeyLeasePeriod());
        out = differs(out, "M_KeyProtectBits", mKeyProtectBits, a.mKeyProtectBits());
        out = differs(out, "SubnetTimeOut", subnetTimeout, a.subnetTimeout());
        out = differs(out, "NeighborMTU", neighborMtu, a.neighborMtu());
        out = differs(out, "OperationalVLs", operationalVls, a.operationalVls());
        out = differs(out, "HOQLife", hoqLife, a.hoqLife());
        out = differs(out, "VLStallCount", vlStallCount, a.vlStallCount());
        out = differs(out, "LocalPhyErrors", localPhyErrors, a.localPhyErrors());
        out = differs(out, "OverrunErrors", overrunErrors, a.overrunErrors());
        out = differs(out, "enforcement bits", enforcement, a.partitionEnforcementInbound() << 3
                | a.partitionEnforcementOutbound() << 2 | a.filterRawInbound() << 1 | a.filterRawOutbound());
        out = differs(out, "VLHighLimit", vlHighLimit, a.vlHighLimit());
        out = enabledDiffers(out, "LinkWidthEnabled", linkWidthEnabled, a.linkWidthEnabled());
        out = enabledDiffers(out, "LinkSpeedEnabled", linkSpeedEnabled, a.linkSpeedEnabled());
        out = enabledDiffers(out, "LinkSpeedExtEnabled", linkSpeedExtEnabled, a.linkSpeedExtEnabled());
        return out == null ? null : out.toString();
    }

    private static StringBuilder differs(StringBuilder out, String name, long want, long have) {
        return same(want, have) ? out : add(out, name + " 0x" + Long.toHexString(want) + "/0x"
                + Long.toHexString(have));
    }

    private static StringBuilder differs(StringBuilder out, String name, int want, int have) {
        return same(want, have) ? out : add(out, name + " " + want + "/" + have);
    }

    private static StringBuilder enabledDiffers(StringBuilder out, String name, int want, int have) {
        return enabled(want, have) ? out : add(out, name + " " + want + "/" + have);
    }

    private static StringBuilder add(StringBuilder out, String difference) {
        return out == null ? new StringBuilder(difference) : out.append(", ").append(difference);
    }

    /**
     * Writes the Set payload: the port's values with this config on top, PortState {@code portState} (0 = no
     * change), byte 33 as PhysState 0 (no change) / LinkDownDefaultState 2 (Polling) - never the value read - and
     * ClientReregister if asked.
     */
    public void writeTo(byte[] mad, int off, PortAttributes a, int portNum, int portState, boolean clientReregister) {
        Attributes.toPortInfo(a, portNum).encodeTo(mad, off);
        putLong(mad, off, PortInfo.M_KEY, mKey);
        putLong(mad, off, PortInfo.GID_PREFIX, gidPrefix);
        put(mad, off, PortInfo.LID, lid);
        put(mad, off, PortInfo.LMC, lmc);
        put(mad, off, PortInfo.MASTER_SM_LID, masterSmLid);
        put(mad, off, PortInfo.MASTER_SM_SL, masterSmSl);
        put(mad, off, PortInfo.M_KEY_LEASE_PERIOD, mKeyLeasePeriod);
        put(mad, off, PortInfo.M_KEY_PROTECT_BITS, mKeyProtectBits);
        put(mad, off, PortInfo.SUBNET_TIMEOUT, subnetTimeout);
        int mtu = neighborMtu != KEEP ? neighborMtu : a.neighborMtu();
        PortInfo.NEIGHBOR_MTU.put(mad, off, mtu >= 1 && mtu <= 5 ? mtu : Math.max(1, Math.min(5, a.mtuCap())));
        put(mad, off, PortInfo.OPERATIONAL_VLS, operationalVls);
        put(mad, off, PortInfo.HOQ_LIFE, hoqLife);
        put(mad, off, PortInfo.VL_STALL_COUNT, vlStallCount);
        put(mad, off, PortInfo.LOCAL_PHY_ERRORS, localPhyErrors);
        put(mad, off, PortInfo.OVERRUN_ERRORS, overrunErrors);
        PortInfo.LINK_WIDTH_ENABLED.put(mad, off, linkWidthEnabled);
        PortInfo.LINK_SPEED_ENABLED.put(mad, off, linkSpeedEnabled);
        PortInfo.LINK_SPEED_EXT_ENABLED.put(mad, off, linkSpeedExtEnabled);
        if (enforcement != KEEP) {
            PortInfo.PARTITION_ENFORCEMENT_INBOUND.put(mad, off, enforcement >> 3 & 1);
            PortInfo.PARTITION_ENFORCEMENT_OUTBOUND.put(mad, off, enforcement >> 2 & 1);
            PortInfo.FILTER_RAW_INBOUND.put(mad, off, enforcement >> 1 & 1);
            PortInfo.FILTER_RAW_OUTBOUND.put(mad, off, enforcement & 1);
        }
        put(mad, off, PortInfo.VL_HIGH_LIMIT, vlHighLimit);
        PortInfo.PORT_STATE.put(mad, off, portState);
        PortInfo.PORT_PHYSICAL_STATE.put(mad, off, 0);
        PortInfo.LINK_DOWN_DEFAULT_STATE.put(mad, off, 2);
        PortInfo.CLIENT_REREGISTER.put(mad, off, clientReregister ? 1 : 0);
    }

    /**
     * Byte 43's low nibble for {@code e}: partition enforcement and raw-packet filtering together in each
     * direction, as OpenSM's partition manager sets them; {@link #KEEP} for {@code null}.
     */
    static int enforcementBits(PartEnforce e) {
        if (e == null) {
            return KEEP;
        }
        int in = e.inbound() ? 1 : 0;
        int out = e.outbound() ? 1 : 0;
        return in << 3 | out << 2 | in << 1 | out;
    }

    private static int forced(int value, int all) {
        return value == all ? 0 : value;
    }

    private static boolean same(long want, long have) {
        return want == KEEP_LONG || want == have;
    }

    private static boolean same(int want, int have) {
        return want == KEEP || want == have;
    }

    private static boolean enabled(int want, int have) {
        return want == 0 || want == have;
    }

    private static void put(byte[] mad, int off, dev.jsm.mad.codec.Field f, int v) {
        if (v != KEEP) {
            f.put(mad, off, v);
        }
    }

    private static void putLong(byte[] mad, int off, dev.jsm.mad.codec.Field f, long v) {
        if (v != KEEP_LONG) {
            f.put(mad, off, v);
        }
    }
}
