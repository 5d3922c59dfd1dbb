package dev.jsm.sa.query;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * One side (source or destination) of a PathRecord query: the end ports the GID and/or LID components name, and
 * the single LID to use if one was given. Neither component: every end port with a LID (OpenSM's "half world"), and
 * every up virtual port. A virtual port is resolved to its physical end port for the path walk and keeps its own GUID
 * and LID ({@link VPortEnds}).
 *
 * <p>Immutable once resolved; confined to the query's thread.
 *
 * @param ports the candidate end ports
 * @param lid the requested LID, or 0 to use every LID of each port's range
 * @param status {@link SaStatus#OK}, or {@link SaStatus#INVALID_GID} for a GID not in the subnet
 */
record PathEnds(List<EndPortView> ports, int lid, int status) {

    /**
     * Resolves one side.
     *
     * @param hasGid whether the GID component is set
     * @param gid the GID
     * @param hasLid whether the LID component is set
     * @param lid the LID
     */
    static PathEnds resolve(SubnetSnapshot s, boolean hasGid, Gid gid, boolean hasLid, int lid) {
        EndPortView byGid = null;
        if (hasGid) {
            byGid = VPortEnds.byGuid(s, gid.interfaceId());
            if (byGid == null || !byGid.hasLids()
                    || s.portOf(byGid).attributes().gidPrefix() != gid.prefix()) {
                return new PathEnds(List.of(), 0, SaStatus.INVALID_GID);
            }
        }
        if (hasLid) {
            EndPortView byLid = VPortEnds.byLid(s, lid);
            if (byLid == null || byGid != null && byGid.index() != byLid.index()) {
                return new PathEnds(List.of(), lid, SaStatus.OK);
            }
            // the GID names the port exactly: a vport without a LID of its own shares its physical port's
            return new PathEnds(List.of(byGid != null ? byGid : byLid), lid, SaStatus.OK);
        }
        if (byGid != null) {
            return new PathEnds(List.of(byGid), 0, SaStatus.OK);
        }
        List<EndPortView> all = new ArrayList<>();
        for (EndPortView ep : s.endPorts()) {
            if (ep.hasLids()) {
                all.add(ep);
            }
        }
        for (EndPortView v : VPortEnds.upVPorts(s)) {
            if (v.hasLids()) {
                all.add(v);
            }
        }
        return new PathEnds(all, 0, SaStatus.OK);
    }
}
