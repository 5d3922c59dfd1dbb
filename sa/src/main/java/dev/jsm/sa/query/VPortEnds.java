package dev.jsm.sa.query;

import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.ArrayList;
import java.util.List;

/**
 * Virtual ports (docs/virtualization.md) as the SA addresses them: by GID and LID, each seen as an end port
 * ({@link SubnetSnapshot#asEndPort}: its physical port's indices, its own GUID, its own LID or else its port's). Only
 * vports that are up (VPortState Init, Armed or Active) are addressable: a stopped VM's vport is no port of the
 * subnet for the SA, though its LID stays assigned and routed. Vports 0 are their physical ports.
 *
 * <p>Stateless; thread-safe.
 */
public final class VPortEnds {

    private VPortEnds() {
    }

    /** The end port or up vport named by a GID's interface ID, or {@code null}. */
    public static EndPortView byGuid(SubnetSnapshot s, long guid) {
        EndPortView ep = s.endPort(guid);
        if (ep != null) {
            return ep;
        }
        VPortView v = s.vport(guid);
        return v != null && v.isUp() ? s.asEndPort(v) : null;
    }

    /** The end port or up vport holding {@code lid}, or {@code null}. */
    public static EndPortView byLid(SubnetSnapshot s, int lid) {
        VPortView v = s.lidMap().vport(lid);
        if (v != null) {
            return v.isUp() ? s.asEndPort(v) : null;
        }
        return s.endPortByLid(lid);
    }

    /** The up vports other than vports 0, as end ports, in the snapshot's vport order. */
    public static List<EndPortView> upVPorts(SubnetSnapshot s) {
        List<EndPortView> out = new ArrayList<>();
        for (VPortView v : s.vports()) {
            if (v.vportIndex() != 0 && v.isUp()) {
                out.add(s.asEndPort(v));
            }
        }
        return out;
    }

    /** Whether {@code ep} is a vport seen as an end port (not a physical end port). */
    public static boolean isVPort(SubnetSnapshot s, EndPortView ep) {
        return s.vport(ep.portGuid()) != null;
    }
}
