package dev.jsm.sa.query;

import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_DGID_COUNT;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_NUMB_PATH;
import static dev.jsm.sa.codec.MultiPathRecord.COMPONENT_SGID_COUNT;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * SubnAdmGetMulti(MultiPathRecord) (IBA 15.2.5.20, o15-0.2.7), as OpenSM answers it: PathRecords between the
 * request's source and destination GIDs, each path computed by {@link PathRecordQuery} (so MTU, rate, SL, P_Key,
 * packet lifetime and reversibility follow the PathRecord rules) from the MultiPathRecord's constraints translated
 * by {@link MultiPathTemplate}. The records carry no echoed FlowLabel, HopLimit, TClass, QoSClass or ServiceID
 * (OpenSM's MultiPathRecord answers do not) and a Preference:
 * <ul>
 *   <li>at most NumbPath paths in all (127 without the component), pairs taken source-major; for each pair whose
 *       ports (and the requester) share a partition, first the LID pairs at the same offset into both LID ranges
 *       (Preference 0), then the other combinations (Preference 2);</li>
 *   <li>two SGIDs, two DGIDs and NumbPath 2 is an APM request: one path per (source, destination) pair, starting at
 *       a LID offset hashed from the lower base LIDs (the source and destination sorted as OpenSM sorts them), the
 *       second source pair one offset on, and the diagonal of the 2x2 matrix whose shorter path has fewer hops
 *       wins - two paths that leave and reach the ports through different LIDs (different spines of a Clos).</li>
 * </ul>
 * Errors: a GID of no port (or of one without a LID, as for PathRecords), a multicast GID or a foreign subnet
 * prefix: INVALID_GID; no SGID or no DGID (counts missing from the ComponentMask or zero), GIDs beyond the
 * request's data, undefined component bits: REQ_INVALID. A requester LID the view does not know is not answered
 * (OpenSM drops it). OpenSM reads at most 11 GIDs, those of one MAD; here every GID the (multi-MAD) request
 * carries is used.
 *
 * <p>Stateless; thread-safe.
 */
final class MultiPathRecordQuery implements SaHandler {

    /** Paths returned without a NumbPath component (OpenSM's OSM_SA_MPR_MAX_NUM_PATH). */
    static final int MAX_PATHS = 127;
    private static final long LINK_LOCAL_MASK = 0xFFC0_0000_0000_0000L;
    private static final long LINK_LOCAL = 0xFE80_0000_0000_0000L;
    private static final int PREFERENCE_BOTH = 0;
    private static final int PREFERENCE_NONE = 2;

    private final PathRecordQuery paths;

    MultiPathRecordQuery(PathRecordQuery paths) {
        this.paths = paths;
    }

    /** Answers a GetMulti of MultiPathRecord; records are PathRecords. */
    @Override
    public SaAnswer answer(SaView view, SaRequest request, long nowNanos) {
        if (MultiPathRecord.COMPONENTS.undefinedBits(request.componentMask()) != 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, PathRecord.SIZE);
        }
        byte[] d = request.data();
        int nsrc = request.has(COMPONENT_SGID_COUNT) ? MultiPathRecord.SGID_COUNT.getInt(d, 0) : 0;
        int ndst = request.has(COMPONENT_DGID_COUNT) ? MultiPathRecord.DGID_COUNT.getInt(d, 0) : 0;
        if (MultiPathRecord.size(nsrc + ndst) > d.length) {
            return SaAnswer.error(SaStatus.REQ_INVALID, PathRecord.SIZE);
        }
        MultiPathRecord mpr = MultiPathRecord.decode(d, 0, d.length, nsrc, ndst);
        SubnetSnapshot s = view.snapshot();
        List<EndPortView> src = new ArrayList<>(nsrc);
        List<EndPortView> dst = new ArrayList<>(ndst);
        if (!resolve(s, mpr.sgids(), src) || !resolve(s, mpr.dgids(), dst)) {
            return SaAnswer.error(SaStatus.INVALID_GID, PathRecord.SIZE);
        }
        if (nsrc == 0 || ndst == 0) {
            return SaAnswer.error(SaStatus.REQ_INVALID, PathRecord.SIZE);
        }
        EndPortView requester = s.endPortByLid(request.from().lid());
        if (requester == null) {
            return SaAnswer.dropped();
        }
        SaRequest pr = MultiPathTemplate.pathRequest(request, mpr);
        PathRecord q = PathRecord.decode(pr.data(), 0);
        RecordSet out = new RecordSet(PathRecord.SIZE);
        if (nsrc == 2 && ndst == 2 && mpr.numbPath() == 2) {
            apm(view, pr, q, src, dst, out);
        } else {
            int max = request.has(COMPONENT_NUMB_PATH) ? mpr.numbPath() : MAX_PATHS;
            PathWalk walk = new PathWalk(s);
            for (int i = 0; i < src.size() && out.count() < max; i++) {
                for (int j = 0; j < dst.size() && out.count() < max; j++) {
                    if (sharePartitions(view, requester, src.get(i), dst.get(j))) {
                        pair(view, pr, q, src.get(i), dst.get(j), max, walk, out);
                    }
                }
            }
        }
        return SaAnswer.of(out);
    }

    /** The end ports of {@code gids} into {@code out}; false for a GID that names none. */
    private static boolean resolve(SubnetSnapshot s, List<Gid> gids, List<EndPortView> out) {
        for (Gid g : gids) {
            EndPortView ep = VPortEnds.byGuid(s, g.interfaceId());
            boolean linkLocal = (g.prefix() & LINK_LOCAL_MASK) == LINK_LOCAL;
            if (g.isMulticast() || ep == null || !ep.hasLids()
                    || !linkLocal && g.prefix() != s.portOf(ep).attributes().gidPrefix()) {
                return false;
            }
            out.add(ep);
        }
        return true;
    }

    private static boolean sharePartitions(SaView view, EndPortView requester, EndPortView a, EndPortView b) {
        PartitionMembership pm = view.partitions();
        return pm.commonPKey(requester.portGuid(), a.portGuid()) >= 0
                && pm.commonPKey(requester.portGuid(), b.portGuid()) >= 0
                && pm.commonPKey(a.portGuid(), b.portGuid()) >= 0;
    }

    /** The paths of one port pair until {@code out} holds {@code max}: same offsets first, then the others. */
    private void pair(SaView view, SaRequest pr, PathRecord q, EndPortView a, EndPortView b, int max, PathWalk walk,
                      RecordSet out) {
        LidRange ra = a.lidRange();
        LidRange rb = b.lidRange();
        int common = Math.min(ra.count(), rb.count());
        for (int k = 0; k < common && out.count() < max; k++) {
            path(view, pr, q, a, ra.first() + k, b, rb.first() + k, PREFERENCE_BOTH, walk, out);
        }
        for (int i = 0; i < ra.count() && out.count() < max; i++) {
            for (int j = 0; j < rb.count() && out.count() < max; j++) {
                if (i != j) {
                    path(view, pr, q, a, ra.first() + i, b, rb.first() + j, PREFERENCE_NONE, walk, out);
                }
            }
        }
    }

    /** Adds one path with {@code preference}; false if there is none. */
    private boolean path(SaView view, SaRequest pr, PathRecord q, EndPortView a, int slid, EndPortView b, int dlid,
                         int preference, PathWalk walk, RecordSet out) {
        if (!paths.one(view, pr, q, a, slid, b, dlid, walk, out)) {
            return false;
        }
        MultiPathTemplate.finish(out.buffer(), (out.count() - 1) * PathRecord.SIZE, preference);
        return true;
    }

    /** The APM answer: the better diagonal of the 2x2 (source, destination) matrix. */
    private void apm(SaView view, SaRequest pr, PathRecord q, List<EndPortView> src, List<EndPortView> dst,
                     RecordSet out) {
        EndPortView s0 = src.get(0);
        EndPortView s1 = src.get(1);
        if (!openSmBefore(s0.portGuid(), s1.portGuid())) {
            s0 = src.get(1);
            s1 = src.get(0);
        }
        EndPortView d0 = dst.get(0);
        EndPortView d1 = dst.get(1);
        if (!openSmBefore(d0.portGuid(), d1.portGuid())) {
            d0 = dst.get(1);
            d1 = dst.get(0);
        }
        int lmc = Math.max(s0.lidRange().lmc(), d0.lidRange().lmc());
        int sl = s0.lidRange().first();
        int dl = d0.lidRange().first();
        int base = sl < dl ? hash(sl, dl, lmc) : hash(dl, sl, lmc);
        PathWalk walk = new PathWalk(view.snapshot());
        Found m00 = apmPair(view, pr, q, s0, d0, base, walk);
        Found m01 = apmPair(view, pr, q, s0, d1, base, walk);
        Found m10 = apmPair(view, pr, q, s1, d0, base + 1, walk);
        Found m11 = apmPair(view, pr, q, s1, d1, base + 1, walk);
        boolean a = m00 != null && m11 != null;
        boolean b = m01 != null && m10 != null;
        boolean diagonalA = a && (!b || Math.min(m00.hops, m11.hops) <= Math.min(m01.hops, m10.hops));
        Found[] chosen = diagonalA ? new Found[] {m00, m11} : b ? new Found[] {m01, m10}
                : new Found[] {m00, m11, m01, m10};
        for (Found f : chosen) {
            if (f != null) {
                int off = out.reserve();
                System.arraycopy(f.record, 0, out.buffer(), off, PathRecord.SIZE);
                out.commit();
            }
        }
    }

    /**
     * Whether OpenSM puts the port with GUID {@code a} before {@code b}: it compares the GUIDs as stored, in network
     * byte order, as unsigned host integers - byte-reversed on x86 (docs/reference/opensm-behaviour.md#guid-order).
     */
    private static boolean openSmBefore(long a, long b) {
        return Long.compareUnsigned(Long.reverseBytes(a), Long.reverseBytes(b)) < 0;
    }

    /** OpenSM's hash of two base LIDs into a LID offset. */
    private static int hash(int a, int b, int lmc) {
        return ((a >> lmc) << 4 | (b >> lmc)) % 103;
    }

    /** The first path from {@code a} to {@code b} trying LID offsets from {@code base} on; null if none. */
    private Found apmPair(SaView view, SaRequest pr, PathRecord q, EndPortView a, EndPortView b, int base,
                          PathWalk walk) {
        LidRange ra = a.lidRange();
        LidRange rb = b.lidRange();
        int i = base % ra.count();
        int j = base % rb.count();
        RecordSet one = new RecordSet(PathRecord.SIZE);
        for (int n = Math.min(ra.count(), rb.count()); n > 0; n--) {
            if (path(view, pr, q, a, ra.first() + i, b, rb.first() + j, PREFERENCE_BOTH, walk, one)) {
                return new Found(one.toBytes(), walk.hops);
            }
            i = (i + 1) % ra.count();
            j = (j + 1) % rb.count();
        }
        return null;
    }

    /** A path found for the APM matrix and its hop count. */
    private record Found(byte[] record, int hops) {
    }
}
