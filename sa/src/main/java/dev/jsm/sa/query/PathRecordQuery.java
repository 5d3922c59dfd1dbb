package dev.jsm.sa.query;

import static dev.jsm.sa.codec.PathRecord.COMPONENT_DGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_DLID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_FLOW_LABEL;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_HOP_LIMIT;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_MTU;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_MTU_SELECTOR;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_NUMB_PATH;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_PACKET_LIFE_TIME;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_PACKET_LIFE_TIME_SELECTOR;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_P_KEY;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_QOS_CLASS;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_RATE;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_RATE_SELECTOR;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_REVERSIBLE;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SERVICE_ID_LSB;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SERVICE_ID_MSB;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SL;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SLID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_T_CLASS;

import dev.jsm.mad.codec.Method;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.sa.codec.Components;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Set;

/**
 * PathRecords computed from the view: for each (source, destination) end-port pair the request names (GID or LID;
 * a side it leaves open means every port), for each (SLID, DLID) of their LID ranges (Get: the base LIDs only, or
 * the LIDs given; GetTable: every combination, at most NumbPath per pair if given), the path the programmed LFTs
 * take ({@link PathWalk}), with:
 * <ul>
 *   <li>MTU and rate: the minimum along the path, capped by the QoS level (and, with {@code enable_quirks}, at
 *       1024 for a Mellanox Tavor HCA at either end), then the request's selectors;</li>
 *   <li>SL: the routing engine's path SL when it has one (lash, dfsssp, nue with several layers, torus-2QoS:
 *       deadlock freedom wins), else the QoS level's, else the requested SL, else 0; a requested SL that differs
 *       drops the path;</li>
 *   <li>P_Key: the requested one if both ports share it, else the QoS level's, else the first shared one; no
 *       shared partition, no path;</li>
 *   <li>PacketLifeTime: {@code subnet_timeout} (or the QoS level's), 0 for a port to itself; then the selector;</li>
 *   <li>Reversible set when the reverse path (DLID's port to SLID) exists too; NumbPath 0; HopLimit, TClass,
 *       FlowLabel, QoSClass and ServiceID echoed from the request; HopLimit not given: {@code virt_default_hop_limit}
 *       when either end is a virtual port, else 0; SGID and DGID as requested (a port may be named
 *       by an alias GUID), else the ports' own;</li>
 *   <li>rate codes up to 12x EDR only with {@code use_original_extended_sa_rates_only}
 *       ({@link Rates#originalExtendedOnly});</li>
 *   <li>a DGID off the subnet: the path to the router port of its prefix ({@link RouterPaths}), HopLimit 255, the
 *       router paths' FlowLabel, TClass and SL, MTU and rate at most theirs.</li>
 * </ul>
 *
 * <p>Stateless; thread-safe.
 */
final class PathRecordQuery implements RecordQuery {

    /** The MTU code of 1024 bytes. */
    private static final int MTU_1024 = 3;
    private static final int TAVOR_DEVICE_ID = 23108;
    /** Mellanox, Topspin, SilverStorm and Voltaire. */
    private static final Set<Integer> TAVOR_VENDOR_IDS = Set.of(0x0002C9, 0x0005AD, 0x00066A, 0x0008F1);
    /** HopLimit of a path to a GID behind a router (OpenSM's IB_HOPLIMIT_MAX). */
    private static final int ROUTED_HOP_LIMIT = 0xFF;

    @Override
    public int recordSize() {
        return PathRecord.SIZE;
    }

    @Override
    public Components components() {
        return PathRecord.COMPONENTS;
    }

    /**
     * A GetTable that could hold more than {@link PathTable#STREAMED_ABOVE} records as a {@link PathTable}, made
     * again segment by segment as it is sent; every other request as {@link RecordQuery#answer} builds it.
     *
     * @throws AnswerTooLargeException if a GetTable could hold more than
     *     {@link dev.jsm.sa.limit.AnswerCaps#MAX_PATH_RECORDS} records
     */
    @Override
    public SaAnswer answer(SaView view, SaRequest request, long nowNanos) {
        if (request.method() == Method.GET_TABLE.value() && components().undefinedBits(request.componentMask()) == 0) {
            Pairs pairs = pairs(view, request);
            if (pairs.status() == SaStatus.OK && pairs.mostRecords() > PathTable.STREAMED_ABOVE) {
                return PathTable.answer(pairs);
            }
        }
        return RecordQuery.super.answer(view, request, nowNanos);
    }

    @Override
    public int collect(SaView view, SaRequest request, RecordSet out) {
        Pairs pairs = pairs(view, request);
        if (pairs.status() == SaStatus.OK) {
            pairs.collect(0, pairs.count(), out);
        }
        return pairs.status();
    }

    /**
     * Whether a request with {@code componentMask} names its source (SGID or SLID) and its destination (DGID or
     * DLID): a Get of it walks one pair.
     */
    static boolean namesBothEnds(long componentMask) {
        return (componentMask & (1L << COMPONENT_SGID | 1L << COMPONENT_SLID)) != 0
                && (componentMask & (1L << COMPONENT_DGID | 1L << COMPONENT_DLID)) != 0;
    }

    /** The (source, destination) end-port pairs {@code request} names, or the status that refuses it. */
    private Pairs pairs(SaView view, SaRequest request) {
        SubnetSnapshot s = view.snapshot();
        PathRecord q = PathRecord.decode(request.data(), 0);
        if (request.has(COMPONENT_DGID) && q.dgid().isMulticast()) {
            return Pairs.refused(SaStatus.REQ_INVALID);
        }
        PathEnds src = PathEnds.resolve(view, request.has(COMPONENT_SGID), q.sgid(), request.has(COMPONENT_SLID),
                q.slid(), false);
        PathEnds dst = PathEnds.resolve(view, request.has(COMPONENT_DGID), q.dgid(), request.has(COMPONENT_DLID),
                q.dlid(), true);
        if (src.status() != SaStatus.OK) {
            return Pairs.refused(src.status());
        }
        if (dst.status() != SaStatus.OK) {
            return Pairs.refused(dst.status());
        }
        boolean get = request.method() == Method.GET.value();
        int perPair = !get && request.has(COMPONENT_NUMB_PATH) && q.numbPath() > 0 ? q.numbPath()
                : Integer.MAX_VALUE;
        return new Pairs(this, view, request, q, src, dst, get, perPair, SaStatus.OK);
    }

    /**
     * The end-port pairs of one request, numbered source-major (pair {@code i} is source {@code i / |dst|} and
     * destination {@code i % |dst|}), so that a range of them can be collected again ({@link PathTable}).
     *
     * @param status {@link SaStatus#OK}, or the status refusing the request (then nothing else is set)
     */
    record Pairs(PathRecordQuery query, SaView view, SaRequest request, PathRecord q, PathEnds src, PathEnds dst,
                 boolean get, int perPair, int status) {

        static Pairs refused(int status) {
            return new Pairs(null, null, null, null, null, null, false, 0, status);
        }

        /** The number of pairs. */
        long count() {
            return (long) src.ports().size() * dst.ports().size();
        }

        /** The most records the pairs can give: every (SLID, DLID) combination of every pair, NumbPath aside. */
        long mostRecords() {
            return lids(src) * lids(dst);
        }

        /** The LIDs one side walks: one per port for a Get or a LID given, else every LID of every port. */
        private long lids(PathEnds ends) {
            if (ends.lid() != 0 || get) {
                return ends.ports().size();
            }
            long n = 0;
            for (EndPortView p : ends.ports()) {
                n += p.lidRange().count();
            }
            return n;
        }

        /**
         * Adds the records of pairs {@code from} (inclusive) to {@code to} (exclusive) to {@code out}, or only
         * counts them if it is null.
         *
         * @return the number of records
         */
        long collect(long from, long to, RecordSet out) {
            PathWalk walk = new PathWalk(view.snapshot());
            int perSource = dst.ports().size();
            long made = 0;
            for (long i = from; i < to; i++) {
                EndPortView a = src.ports().get((int) (i / perSource));
                EndPortView b = dst.ports().get((int) (i % perSource));
                made += query.pair(view, request, q, a, src.lid(), b, dst.lid(), get, perPair, walk, out);
            }
            return made;
        }
    }

    /** Adds the records of the pair ({@code a}, {@code b}) to {@code out} (counts them if it is null). */
    private int pair(SaView view, SaRequest request, PathRecord q, EndPortView a, int slidGiven, EndPortView b,
                     int dlidGiven, boolean get, int perPair, PathWalk walk, RecordSet out) {
        LidRange ra = a.lidRange();
        LidRange rb = b.lidRange();
        int slidFirst = slidGiven != 0 ? slidGiven : ra.first();
        int slidLast = slidGiven != 0 || get ? slidFirst : ra.last();
        int dlidFirst = dlidGiven != 0 ? dlidGiven : rb.first();
        int dlidLast = dlidGiven != 0 || get ? dlidFirst : rb.last();
        int made = 0;
        for (int slid = slidFirst; slid <= slidLast && made < perPair; slid++) {
            for (int dlid = dlidFirst; dlid <= dlidLast && made < perPair; dlid++) {
                if (one(view, request, q, a, slid, b, dlid, walk, out)) {
                    made++;
                }
            }
        }
        return made;
    }

    /**
     * {@code enable_quirks}: whether a path gets at most a 1024-byte MTU because a Mellanox Tavor HCA is at either
     * end (it performs better so), as OpenSM does unless the request asks for the largest MTU (selector 3) or, with
     * selector "greater than" or "exactly", for more than 1024 (docs/reference/opensm-behaviour.md#sa-rules).
     */
    private static boolean tavorMtuLimitApplies(SubnetSnapshot s, EndPortView a, EndPortView b, SaRequest request,
                                                PathRecord q) {
        if (!isTavor(s.nodes().get(a.nodeIndex())) && !isTavor(s.nodes().get(b.nodeIndex()))) {
            return false;
        }
        if (!request.has(COMPONENT_MTU_SELECTOR) || !request.has(COMPONENT_MTU)) {
            return true;
        }
        return switch (q.mtuSelector()) {
            case 0, 2 -> q.mtu() <= MTU_1024;
            case 1 -> true;
            default -> false;
        };
    }

    /** A Mellanox Tavor HCA: DeviceID 23108 (0x5A44) under one of the vendor IDs it was sold with. */
    private static boolean isTavor(NodeView node) {
        return node.deviceId() == TAVOR_DEVICE_ID && TAVOR_VENDOR_IDS.contains(node.vendorId());
    }

    /**
     * Adds the PathRecord from {@code a} (at {@code slid}) to {@code b} (at {@code dlid}) to {@code out} if the
     * path exists and meets the request; {@code walk} then holds the forward walk. {@link MultiPathRecordQuery}
     * computes its paths here too, so both follow the same rules. With {@code out} null the record is only
     * counted: the reverse walk (Reversible) is left out unless the request requires it, and nothing is encoded.
     *
     * @return whether a record was added (or would be)
     */
    boolean one(SaView view, SaRequest request, PathRecord q, EndPortView a, int slid, EndPortView b, int dlid,
                PathWalk walk, RecordSet out) {
        SubnetSnapshot s = view.snapshot();
        if (!walk.walk(a, dlid)) {
            return false;
        }
        boolean loopback = a.index() == b.index();
        QosLevel level = view.qos().levelFor(new QosLevels.QosRequest(a.portGuid(), b.portGuid(), q.serviceId(),
                request.has(COMPONENT_SERVICE_ID_MSB) || request.has(COMPONENT_SERVICE_ID_LSB),
                request.has(COMPONENT_P_KEY) ? q.pKey() : QosLevel.UNSET,
                request.has(COMPONENT_QOS_CLASS) ? q.qosClass() : QosLevel.UNSET));
        RouterPaths router = view.settings().router();
        boolean routed = request.has(COMPONENT_DGID) && !q.dgid().isMulticast() && router.offSubnet(q.dgid().prefix());
        int mtu = level.mtuLimit() > 0 ? Math.min(walk.mtu, level.mtuLimit()) : walk.mtu;
        if (view.settings().quirks() && tavorMtuLimitApplies(s, a, b, request, q)) {
            mtu = Math.min(mtu, MTU_1024);
        }
        int rate = Rates.rateOf(walk.mbps);
        if (level.rateLimit() > 0 && Rates.mbps(level.rateLimit()) < Rates.mbps(rate)) {
            rate = level.rateLimit();
        }
        if (routed) {
            mtu = Math.min(mtu, router.mtu());
            rate = Rates.mbps(router.rate()) > 0 && Rates.mbps(router.rate()) < Rates.mbps(rate) ? router.rate() : rate;
        }
        int life = loopback ? 0 : level.packetLifeTime() >= 0 ? level.packetLifeTime()
                : view.settings().subnetTimeout();
        if (request.has(COMPONENT_MTU_SELECTOR) && request.has(COMPONENT_MTU)) {
            mtu = Rates.selectOrdered(mtu, q.mtuSelector(), q.mtu());
        }
        if (request.has(COMPONENT_RATE_SELECTOR) && request.has(COMPONENT_RATE)) {
            rate = Rates.selectRate(rate, q.rateSelector(), q.rate());
        }
        if (request.has(COMPONENT_PACKET_LIFE_TIME_SELECTOR) && request.has(COMPONENT_PACKET_LIFE_TIME)) {
            life = Rates.selectOrdered(life, q.packetLifeTimeSelector(), q.packetLifeTime());
        }
        if (mtu <= 0 || rate == Rates.IMPOSSIBLE || life == Rates.IMPOSSIBLE) {
            return false;
        }
        if (view.settings().originalExtendedRatesOnly()) {
            rate = Rates.originalExtendedOnly(rate);
        }
        int sl = sl(view, routed ? router.sl() : level.sl(), request, q, slid, dlid);
        if (sl < 0) {
            return false;
        }
        int pKey = pKey(view, level, request, q, a, b);
        if (pKey < 0) {
            return false;
        }
        boolean reversibleRequired = request.has(COMPONENT_REVERSIBLE) && q.reversible() == 1;
        if (out == null && !reversibleRequired) {
            return true;
        }
        int reversible = loopback || new PathWalk(s).walk(b, slid) ? 1 : 0;
        if (reversibleRequired && reversible == 0) {
            return false;
        }
        if (out == null) {
            return true;
        }
        long serviceId = (request.has(COMPONENT_SERVICE_ID_MSB) ? q.serviceId() & 0xFFFF_FFFF_0000_0000L : 0)
                | (request.has(COMPONENT_SERVICE_ID_LSB) ? q.serviceId() & 0xFFFF_FFFFL : 0);
        Gid dgid = request.has(COMPONENT_DGID) ? q.dgid() : new Gid(s.portOf(b).attributes().gidPrefix(),
                b.portGuid());
        Gid sgid = request.has(COMPONENT_SGID) ? q.sgid() : new Gid(s.portOf(a).attributes().gidPrefix(),
                a.portGuid());
        int flowLabel = routed ? router.flowLabel() : request.has(COMPONENT_FLOW_LABEL) ? q.flowLabel() : 0;
        int hopLimit = routed ? ROUTED_HOP_LIMIT
                : request.has(COMPONENT_HOP_LIMIT) ? q.hopLimit() : hopLimit(view, a, b);
        int tClass = routed ? router.tClass() : request.has(COMPONENT_T_CLASS) ? q.tClass() : 0;
        PathRecord r = new PathRecord(serviceId, dgid, sgid, dlid, slid, 0, flowLabel, hopLimit, tClass, reversible,
                0, pKey, request.has(COMPONENT_QOS_CLASS) ? q.qosClass() : 0, sl, PathRecord.SELECTOR_EXACTLY, mtu,
                PathRecord.SELECTOR_EXACTLY, rate, PathRecord.SELECTOR_EXACTLY, life, 0);
        int off = out.reserve();
        r.encodeTo(out.buffer(), off);
        out.commit();
        return true;
    }

    /** The HopLimit of a path the request leaves it to: {@code virt_default_hop_limit} for a vport's, else 0. */
    private static int hopLimit(SaView view, EndPortView a, EndPortView b) {
        SubnetSnapshot s = view.snapshot();
        return VPortEnds.isVPort(s, a) || VPortEnds.isVPort(s, b) ? view.settings().virtHopLimit() : 0;
    }

    /**
     * The path's SL, or -1 if the request asks for another: the routing engine's, else {@code policySl} (the QoS
     * level's or the router paths'; -1 for none), else the requested one, else 0.
     */
    private static int sl(SaView view, int policySl, SaRequest request, PathRecord q, int slid, int dlid) {
        int sl;
        if (view.pathSl() != PathSlProvider.DEFAULT) {
            sl = view.pathSl().pathSl(slid, dlid);
        } else if (policySl >= 0) {
            sl = policySl;
        } else if (request.has(COMPONENT_SL)) {
            sl = q.sl();
        } else {
            sl = 0;
        }
        return request.has(COMPONENT_SL) && q.sl() != sl ? -1 : sl;
    }

    /** The path's P_Key, or -1 if the ports share no (or not the requested) partition. */
    private static int pKey(SaView view, QosLevel level, SaRequest request, PathRecord q, EndPortView a,
                            EndPortView b) {
        PartitionMembership pm = view.partitions();
        if (request.has(COMPONENT_P_KEY)) {
            boolean levelAgrees = level.pKey() < 0 || (level.pKey() & 0x7FFF) == (q.pKey() & 0x7FFF);
            return levelAgrees && pm.share(a.portGuid(), b.portGuid(), q.pKey()) ? q.pKey() : -1;
        }
        if (level.pKey() >= 0) {
            return pm.share(a.portGuid(), b.portGuid(), level.pKey()) ? level.pKey() | 0x8000 : -1;
        }
        return pm.commonPKey(a.portGuid(), b.portGuid());
    }
}
