package dev.jsm.daemon.link;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.Attributes;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.partitions.PartEnforce;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.PortAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * The PortInfo values the SM wants on one port (docs/reference/opensm-behaviour.md#port-bring-up), computed
 * from the options, the port's LIDs and both
 * ends' capabilities. Fields that do not apply to the port are {@link #KEEP}: the Set writes back what the port
 * reported. End ports (CA ports, switch port 0) get M_Key, SubnetPrefix, LID, LMC, MasterSMLID, MasterSMSL, the
 * M_Key lease and protection and SubnetTimeOut; ports with a live cable get NeighborMTU = the smaller MTUCap of
 * both ends and OperationalVLs = min(VLCap of both ends, {@code max_op_vls}), plus the error thresholds; switch
 * external ports also get HOQLife and VLStallCount, the {@code leaf_} values when the peer is a CA. The link
 * width and speed enables are written only when a {@code force_link_*} option asks for something other than "all
 * supported" (0 in the Set means no change), LinkSpeedExtEnabled only on a linked port whose both ends have the
 * extended speed fields ({@link Attributes#hasExtendedSpeeds}), as OpenSM's link manager does. The second
 * extended speeds field (XDR) has no option: the Set writes back what the port reported.
 *
 * <p>In detail: docs/design/daemon.md#portconfig.
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
     * What the SM wants on {@code port}, from option values read once for a whole pass over the ports, an end port
     * getting the M_Key {@code mKeys} expects of it ({@code m_key}, or its own with {@code m_key_per_port}).
     *
     * @param o the option values
     * @param smLid the SM port's LID (MasterSMLID)
     * @param wishes the partition and QoS managers' wishes for the port
     * @param mKeys the M_Keys the ports should hold
     */
    public static PortConfig of(PhysPort port, Params o, int smLid, PortWishes wishes, MKeyBook mKeys) {
        PortAttributes a = port.attributes();
        EndPort ep = port.endPort();
        boolean end = ep != null && ep.hasLids();
        PhysPort peer = port.portNum() == 0 ? null : port.remote();
        boolean linked = peer != null && a.isUp();
        boolean switchPort = port.node().isSwitch() && port.portNum() != 0;
        boolean leaf = switchPort && linked && !peer.node().isSwitch();
        boolean extended = linked && Attributes.hasExtendedSpeeds(port) && Attributes.hasExtendedSpeeds(peer);
        int mtu = KEEP;
        int vls = KEEP;
        if (linked) {
            PortAttributes pa = peer.attributes();
            mtu = Math.min(a.mtuCap(), pa.mtuCap());
            vls = Math.min(Math.min(a.vlCap(), pa.vlCap()), o.maxOpVls());
        }
        return new PortConfig(
                end ? mKeys.expected(port.portGuid()) : KEEP_LONG,
                end ? o.subnetPrefix() : KEEP_LONG,
                end ? ep.lidRange().base() : KEEP,
                end ? ep.lidRange().lmc() : KEEP,
                end ? smLid : KEEP,
                end ? o.smSl() : KEEP,
                end ? o.mKeyLeasePeriod() : KEEP,
                end ? o.mKeyProtectionLevel() : KEEP,
                end ? o.subnetTimeout() : KEEP,
                mtu > 0 ? mtu : KEEP,
                vls > 0 ? vls : KEEP,
                switchPort && linked ? (leaf ? o.leafHoqLife() : o.hoqLife()) : KEEP,
                switchPort && linked ? (leaf ? o.leafVlStallCount() : o.vlStallCount()) : KEEP,
                linked ? o.localPhyErrors() : KEEP,
                linked ? o.overrunErrors() : KEEP,
                forced(o.forceLinkWidth(), 255),
                forced(o.forceLinkSpeed(), 15),
                extended ? forced(o.forceLinkSpeedExt(), 31) : 0,
                enforcementBits(wishes.partitionEnforcement(port)),
                wishes.vlHighLimit(port));
    }

    /**
     * The option values a config is computed from, read once per pass over the ports rather than looked up by name
     * for each of tens of thousands of ports.
     */
    public record Params(long subnetPrefix, int smSl, int mKeyLeasePeriod, int mKeyProtectionLevel,
                         int subnetTimeout, int maxOpVls, int hoqLife, int leafHoqLife, int vlStallCount,
                         int leafVlStallCount, int localPhyErrors, int overrunErrors, int forceLinkWidth,
                         int forceLinkSpeed, int forceLinkSpeedExt) {

        /** The values of {@code o}. */
        public static Params of(SmOptions o) {
            return new Params(o.subnetPrefix(), o.smSl(), o.getInt(DeviceOptions.M_KEY_LEASE_PERIOD),
                    o.getInt(DeviceOptions.M_KEY_PROTECTION_LEVEL), o.getInt(DeviceOptions.SUBNET_TIMEOUT),
                    o.getInt(DeviceOptions.MAX_OP_VLS), o.getInt(DeviceOptions.HEAD_OF_QUEUE_LIFETIME),
                    o.getInt(DeviceOptions.LEAF_HEAD_OF_QUEUE_LIFETIME), o.getInt(DeviceOptions.VL_STALL_COUNT),
                    o.getInt(DeviceOptions.LEAF_VL_STALL_COUNT), o.getInt(DeviceOptions.LOCAL_PHY_ERRORS_THRESHOLD),
                    o.getInt(DeviceOptions.OVERRUN_ERRORS_THRESHOLD), o.getInt(DeviceOptions.FORCE_LINK_WIDTH),
                    o.getInt(DeviceOptions.FORCE_LINK_SPEED), o.getInt(DeviceOptions.FORCE_LINK_SPEED_EXT));
        }
    }

    /**
     * The fields this config sets whose values {@code a} does not have, as "Name want/have, ..." (for the log), or
     * null if there are none (no Set is needed).
     */
    public String differences(PortAttributes a) {
        int mask = differingFields(a);
        if (mask == 0) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (FieldCheck f : FIELDS) {
            if ((mask & f.bit()) != 0) {
                long want = f.want().applyAsLong(this);
                long have = f.have().applyAsLong(a);
                out.append(out.length() == 0 ? "" : ", ").append(f.name()).append(' ')
                        .append(f.hex() ? "0x" + Long.toHexString(want) + "/0x" + Long.toHexString(have)
                                : want + "/" + have);
            }
        }
        return out.toString();
    }

    /**
     * The fields this config sets whose values {@code a} does not have, one bit per field in {@link #FIELDS}' order
     * (0: no Set is needed); allocates nothing. Written out field by field rather than walking {@link #FIELDS}: it
     * runs twice per port Set (about 144,000 times in a heavy sweep at 11664 hosts), where the table's accessor
     * lambdas cost 40 megamorphic calls a port (0.16 s of the SM thread).
     */
    public int differingFields(PortAttributes a) {
        int mask = 0;
        if (mKey != KEEP_LONG && mKey != a.mKey()) {
            mask |= 1;
        }
        if (gidPrefix != KEEP_LONG && gidPrefix != a.gidPrefix()) {
            mask |= 1 << 1;
        }
        mask |= differs(lid, a.lid(), 2) | differs(lmc, a.lmc(), 3) | differs(masterSmLid, a.masterSmLid(), 4)
                | differs(masterSmSl, a.masterSmSl(), 5) | differs(mKeyLeasePeriod, a.mKeyLeasePeriod(), 6)
                | differs(mKeyProtectBits, a.mKeyProtectBits(), 7) | differs(subnetTimeout, a.subnetTimeout(), 8)
                | differs(neighborMtu, a.neighborMtu(), 9) | differs(operationalVls, a.operationalVls(), 10)
                | differs(hoqLife, a.hoqLife(), 11) | differs(vlStallCount, a.vlStallCount(), 12)
                | differs(localPhyErrors, a.localPhyErrors(), 13) | differs(overrunErrors, a.overrunErrors(), 14)
                | differs(enforcement, enforcementOf(a), 15) | differs(vlHighLimit, a.vlHighLimit(), 16);
        if (linkWidthEnabled != 0) {
            mask |= differs(linkWidthEnabled, a.linkWidthEnabled(), 17);
        }
        if (linkSpeedEnabled != 0) {
            mask |= differs(linkSpeedEnabled, a.linkSpeedEnabled(), 18);
        }
        if (linkSpeedExtEnabled != 0) {
            mask |= differs(linkSpeedExtEnabled, a.linkSpeedExtEnabled(), 19);
        }
        return mask;
    }

    /**
     * Whether this config changes NeighborMTU or OperationalVLs of a port holding {@code a}: values a port in
     * ARMED or ACTIVE takes only through a link that trains again ({@link LinkManager}).
     */
    public boolean changesLink(PortAttributes a) {
        return neighborMtu != KEEP && neighborMtu != a.neighborMtu()
                || operationalVls != KEEP && operationalVls != a.operationalVls();
    }

    /** {@code 1 << bit} if the config sets a field ({@code want} not {@link #KEEP}) the port holds otherwise. */
    private static int differs(int want, int have, int bit) {
        return want == KEEP || want == have ? 0 : 1 << bit;
    }

    /** Byte 43's low nibble as {@code a} holds it, in {@link #enforcementBits}' layout. */
    private static int enforcementOf(PortAttributes a) {
        return a.partitionEnforcementInbound() << 3 | a.partitionEnforcementOutbound() << 2
                | a.filterRawInbound() << 1 | a.filterRawOutbound();
    }

    /** The values {@code a} holds in the fields of {@code mask}, in field order: for {@link #sameValues}. */
    public static long[] valuesOf(int mask, PortAttributes a) {
        long[] values = new long[Integer.bitCount(mask)];
        int i = 0;
        for (FieldCheck f : FIELDS) {
            if ((mask & f.bit()) != 0) {
                values[i++] = f.have().applyAsLong(a);
            }
        }
        return values;
    }

    /**
     * Whether {@code a} holds {@code values} ({@link #valuesOf} of {@code mask}) in the fields of {@code mask}: then
     * a config differs from both in the same way ({@link #differences} gives the same text for both).
     */
    public static boolean sameValues(int mask, PortAttributes a, long[] values) {
        int i = 0;
        for (FieldCheck f : FIELDS) {
            if ((mask & f.bit()) != 0 && f.have().applyAsLong(a) != values[i++]) {
                return false;
            }
        }
        return true;
    }

    /**
     * One field a config may set: its name and bit, how to read it from the config and from the port, and whether
     * its values are written in hexadecimal ({@link #differences}).
     */
    private record FieldCheck(String name, int bit, ToLongFunction<PortConfig> want,
                              ToLongFunction<PortAttributes> have, boolean hex) {
    }

    /** The fields in bit order; {@link #differingFields} sets the same bits. */
    private static final FieldCheck[] FIELDS = fields();

    private static FieldCheck[] fields() {
        List<FieldCheck> f = new ArrayList<>();
        f.add(new FieldCheck("M_Key", 1, PortConfig::mKey, PortAttributes::mKey, true));
        f.add(new FieldCheck("GIDPrefix", 1 << 1, PortConfig::gidPrefix, PortAttributes::gidPrefix, true));
        f.add(intField(f.size(), "LID", PortConfig::lid, PortAttributes::lid));
        f.add(intField(f.size(), "LMC", PortConfig::lmc, PortAttributes::lmc));
        f.add(intField(f.size(), "MasterSMLID", PortConfig::masterSmLid, PortAttributes::masterSmLid));
        f.add(intField(f.size(), "MasterSMSL", PortConfig::masterSmSl, PortAttributes::masterSmSl));
        f.add(intField(f.size(), "M_KeyLeasePeriod", PortConfig::mKeyLeasePeriod, PortAttributes::mKeyLeasePeriod));
        f.add(intField(f.size(), "M_KeyProtectBits", PortConfig::mKeyProtectBits, PortAttributes::mKeyProtectBits));
        f.add(intField(f.size(), "SubnetTimeOut", PortConfig::subnetTimeout, PortAttributes::subnetTimeout));
        f.add(intField(f.size(), "NeighborMTU", PortConfig::neighborMtu, PortAttributes::neighborMtu));
        f.add(intField(f.size(), "OperationalVLs", PortConfig::operationalVls, PortAttributes::operationalVls));
        f.add(intField(f.size(), "HOQLife", PortConfig::hoqLife, PortAttributes::hoqLife));
        f.add(intField(f.size(), "VLStallCount", PortConfig::vlStallCount, PortAttributes::vlStallCount));
        f.add(intField(f.size(), "LocalPhyErrors", PortConfig::localPhyErrors, PortAttributes::localPhyErrors));
        f.add(intField(f.size(), "OverrunErrors", PortConfig::overrunErrors, PortAttributes::overrunErrors));
        f.add(intField(f.size(), "enforcement bits", PortConfig::enforcement, PortConfig::enforcementOf));
        f.add(intField(f.size(), "VLHighLimit", PortConfig::vlHighLimit, PortAttributes::vlHighLimit));
        f.add(intField(f.size(), "LinkWidthEnabled", PortConfig::linkWidthEnabled, PortAttributes::linkWidthEnabled));
        f.add(intField(f.size(), "LinkSpeedEnabled", PortConfig::linkSpeedEnabled, PortAttributes::linkSpeedEnabled));
        f.add(intField(f.size(), "LinkSpeedExtEnabled", PortConfig::linkSpeedExtEnabled,
                PortAttributes::linkSpeedExtEnabled));
        return f.toArray(new FieldCheck[0]);
    }

    private static FieldCheck intField(int index, String name, ToIntFunction<PortConfig> want,
                                       ToIntFunction<PortAttributes> have) {
        return new FieldCheck(name, 1 << index, want::applyAsInt, have::applyAsInt, false);
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
