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
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * PathRecords computed from the view: for each (source, destination) end-port pair the request names (GID or LID;
 * a side it leaves open means every port), for each (SLID, DLID) of their LID ranges (Get: the base LIDs only, or
 * the LIDs given; GetTable: every combination, at most NumbPath per pair if given), the path the programmed LFTs
 * take ({@link PathWalk}), with:
 * <ul>
 *   <li>MTU and rate: the minimum along the path, capped by the QoS level, then the request's selectors;</li>
 *   <li>SL: the routing engine's path SL when it has one (lash, dfsssp, nue with several layers, torus-2QoS:
 *       deadlock freedom wins), else the QoS level's, else the requested SL, else 0; a requested SL that differs
 *       drops the path;</li>
 *   <li>P_Key: the requested one if both ports share it, else the QoS level's, else the first shared one; no
 *       shared partition, no path;</li>
 *   <li>PacketLifeTime: {@code subnet_timeout} (or the QoS level's), 0 for a port to itself; then the selector;</li>
 *   <li>Reversible set when the reverse path (DLID's port to SLID) exists too; NumbPath 0; HopLimit, TClass,
 *       FlowLabel, QoSClass and ServiceID echoed from the request.</li>
 * </ul>
 *
 * <p>Stateless; thread-safe.
 */
final class PathRecordQuery implements RecordQuery {

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
        PathEnds src = PathEnds.resolve(s, request.has(COMPONENT_SGID), q.sgid(), request.has(COMPONENT_SLID),
                q.slid());
        PathEnds dst = PathEnds.resolve(s, request.has(COMPONENT_DGID), q.dgid(), request.has(COMPONENT_DLID),
                q.dlid());
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
        int mtu = level.mtuLimit() > 0 ? Math.min(walk.mtu, level.mtuLimit()) : walk.mtu;
        int rate = Rates.rateOf(walk.mbps);
        if (level.rateLimit() > 0 && Rates.mbps(level.rateLimit()) < Rates.mbps(rate)) {
            rate = level.rateLimit();
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
        int sl = sl(view, level, request, q, slid, dlid);
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
        long prefixA = s.portOf(a).attributes().gidPrefix();
        long prefixB = s.portOf(b).attributes().gidPrefix();
        PathRecord r = new PathRecord(serviceId, new Gid(prefixB, b.portGuid()), new Gid(prefixA, a.portGuid()),
                dlid, slid, 0, request.has(COMPONENT_FLOW_LABEL) ? q.flowLabel() : 0,
                request.has(COMPONENT_HOP_LIMIT) ? q.hopLimit() : 0, request.has(COMPONENT_T_CLASS) ? q.tClass() : 0,
                reversible, 0, pKey, request.has(COMPONENT_QOS_CLASS) ? q.qosClass() : 0, sl,
                PathRecord.SELECTOR_EXACTLY, mtu, PathRecord.SELECTOR_EXACTLY, rate, PathRecord.SELECTOR_EXACTLY,
                life, 0);
        int off = out.reserve();
        r.encodeTo(out.buffer(), off);
        out.commit();
        return true;
    }

    /** The path's SL, or -1 if the request asks for another. */
    private static int sl(SaView view, QosLevel level, SaRequest request, PathRecord q, int slid, int dlid) {
        int sl;
        if (view.pathSl() != PathSlProvider.DEFAULT) {
            sl = view.pathSl().pathSl(slid, dlid);
        } else if (level.sl() >= 0) {
            sl = level.sl();
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
