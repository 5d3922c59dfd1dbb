package dev.jsm.partitions;

/**
 * The multicast group flags of partitions.conf ({@code rate=}, {@code mtu=}, {@code sl=}, {@code scope=},
 * {@code Q_Key=}, {@code TClass=}, {@code FlowLabel=}) in IBA encodings, as written on a partition definition (for
 * its IPoIB broadcast group) or an {@code mgid=} line.
 *
 * <p>Immutable; safe to share.
 *
 * @param rate IBA rate code (default 3, 10 Gb/s)
 * @param mtu IBA MTU code (default 4, 2048 bytes)
 * @param sl service level (default 0)
 * @param scopeMask bit {@code s} set for each {@code scope=s} given (0: none given, scope 2 is used)
 * @param qKey Q_Key (0: none given; IP groups then get 0x0B1B)
 * @param tClass traffic class (default 0)
 * @param flowLabel flow label, 20 bits (default 0)
 * @param slGiven whether {@code sl=} was written here (an SL the QoS-off override does not reset)
 */
public record GroupFlags(int rate, int mtu, int sl, int scopeMask, long qKey, int tClass, int flowLabel,
                         boolean slGiven) {

    /** Rate when none is given: 3 (10 Gb/s). */
    public static final int DEFAULT_RATE = 3;
    /** MTU when none is given: 4 (2048). */
    public static final int DEFAULT_MTU = 4;
    /** Scope when none is given: 2 (link local). */
    public static final int DEFAULT_SCOPE = 2;
    /** The IPoIB Q_Key, used for IP groups when none is given. */
    public static final long IPOIB_QKEY = 0x0B1BL;

    /** The flags when nothing is written. */
    public static final GroupFlags DEFAULTS = new GroupFlags(DEFAULT_RATE, DEFAULT_MTU, 0, 0, 0, 0, 0, false);

    /** A copy with another rate. */
    public GroupFlags withRate(int v) {
        return new GroupFlags(v, mtu, sl, scopeMask, qKey, tClass, flowLabel, slGiven);
    }

    /** A copy with another MTU. */
    public GroupFlags withMtu(int v) {
        return new GroupFlags(rate, v, sl, scopeMask, qKey, tClass, flowLabel, slGiven);
    }

    /** A copy with an explicitly given SL. */
    public GroupFlags withSl(int v) {
        return new GroupFlags(rate, mtu, v, scopeMask, qKey, tClass, flowLabel, true);
    }

    /** A copy with one more scope. */
    public GroupFlags withScope(int scope) {
        return new GroupFlags(rate, mtu, sl, scopeMask | (1 << scope), qKey, tClass, flowLabel, slGiven);
    }

    /** A copy with another Q_Key. */
    public GroupFlags withQKey(long v) {
        return new GroupFlags(rate, mtu, sl, scopeMask, v, tClass, flowLabel, slGiven);
    }

    /** A copy with another traffic class. */
    public GroupFlags withTClass(int v) {
        return new GroupFlags(rate, mtu, sl, scopeMask, qKey, v, flowLabel, slGiven);
    }

    /** A copy with another flow label. */
    public GroupFlags withFlowLabel(int v) {
        return new GroupFlags(rate, mtu, sl, scopeMask, qKey, tClass, v, slGiven);
    }

    /** The flags of a partition's broadcast group: the SL counts as the partition's (reset without QoS). */
    GroupFlags forBroadcastGroup() {
        return new GroupFlags(rate, mtu, sl, scopeMask, qKey == 0 ? IPOIB_QKEY : qKey, tClass, flowLabel, false);
    }

    /**
     * The flags an {@code mgid=} line starts from: the partition's rate, MTU, SL, scopes, Q_Key and flow label (not
     * its traffic class, as OpenSM), with the SL counting as inherited.
     */
    GroupFlags inheritedByGroup() {
        return new GroupFlags(rate, mtu, sl, scopeMask, qKey, 0, flowLabel, false);
    }
}
