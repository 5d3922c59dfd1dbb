package dev.jsm.sa.query;

import dev.jsm.routing.fileformat.PrefixRoutesFile;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.List;

/**
 * One side (source or destination) of a PathRecord query: the end ports the GID and/or LID components name, and
 * the single LID to use if one was given. Neither component: every end port with a LID (OpenSM's "half world"), and
 * every up virtual port. A GID names a port by its own GUID or by one of its alias GUIDs; a destination GID off the
 * subnet names the router port the prefix routes give for its prefix ({@link RouterPaths}, docs/routers.md). A
 * virtual port is resolved to its physical end port for the path walk and keeps its own GUID and LID
 * ({@link VPortEnds}).
 *
 * <p>Immutable once resolved; confined to the query's thread.
 *
 * @param ports the candidate end ports
 * @param lid the requested LID, or 0 to use every LID of each port's range
 * @param status {@link SaStatus#OK}, or {@link SaStatus#INVALID_GID} for a GID not in the subnet (or off it without
 *     a router)
 */
record PathEnds(List<EndPortView> ports, int lid, int status) {

    /**
     * Resolves one side.
     *
     * @param hasGid whether the GID component is set
     * @param gid the GID
     * @param hasLid whether the LID component is set
     * @param lid the LID
     * @param destination whether this is the destination side (which may be behind a router)
     */
    static PathEnds resolve(SaView view, boolean hasGid, Gid gid, boolean hasLid, int lid, boolean destination) {
        SubnetSnapshot s = view.snapshot();
        EndPortView byGid = null;
        if (hasGid) {
            RouterPaths router = view.settings().router();
            if (destination && !gid.isMulticast() && router.offSubnet(gid.prefix())) {
                byGid = routerFor(s, router.routes(), gid.prefix());
            } else {
                byGid = byGuid(view, gid.interfaceId());
                if (byGid != null && s.portOf(byGid).attributes().gidPrefix() != gid.prefix()) {
                    byGid = null;
                }
            }
            if (byGid == null || !byGid.hasLids()) {
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

    /** The end port or up virtual port with GUID or alias GUID {@code guid}, or null. */
    private static EndPortView byGuid(SaView view, long guid) {
        EndPortView ep = VPortEnds.byGuid(view.snapshot(), guid);
        if (ep == null) {
            long port = view.aliases().portOf(guid);
            ep = port == 0 ? null : view.snapshot().endPort(port);
        }
        return ep;
    }

    /**
     * The router port that the first route for {@code prefix} names, or null: a route's GUID 0 is OpenSM's "first
     * router", the router port whose GUID is lowest with its bytes reversed (OpenSM's router table is keyed by the
     * GUID in network order and compared as a host integer).
     */
    private static EndPortView routerFor(SubnetSnapshot s, PrefixRoutesFile routes, long prefix) {
        PrefixRoutesFile.Route r = routes.routeFor(prefix);
        if (r == null) {
            return null;
        }
        EndPortView first = null;
        for (EndPortView ep : s.endPorts()) {
            if (ep.kind() != NodeKind.ROUTER) {
                continue;
            }
            if (r.routerGuid() == ep.portGuid()) {
                return ep;
            }
            if (r.routerGuid() == 0 && ep.hasLids() && (first == null || Long.compareUnsigned(
                    Long.reverseBytes(ep.portGuid()), Long.reverseBytes(first.portGuid())) < 0)) {
                first = ep;
            }
        }
        return first;
    }
}
