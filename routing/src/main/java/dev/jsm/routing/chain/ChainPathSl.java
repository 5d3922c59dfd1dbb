package dev.jsm.routing.chain;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.PartRouting;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingPart;
import java.util.List;

/**
 * The SL of a path through a fabric several steps of a chain routed: the step that routed the destination LID last
 * decides it. When the source is in that step's part, its engine gives the SL of the path as it would for any of its
 * own paths; when the source is outside, the path enters the part at some switch and from there follows that
 * engine's routes, so the engine's SL for the path from that switch (its LID) to the destination is taken: what
 * keeps a deadlock-avoiding engine's (torus-2QoS) guarantees for the stretch inside its part. The entry switch is
 * found by walking the merged tables from the source.
 *
 * <p>Immutable; thread-safe (the SA and the verifier call it).
 */
final class ChainPathSl implements PathSlProvider {

    private final RoutingInput in;
    private final LftTables merged;
    private final List<PartRouting> steps;
    private final int[] lidStep;

    /**
     * @param in the whole fabric
     * @param merged the chain's tables
     * @param steps the steps that routed, in the order they ran
     * @param lidStep per LID, the index in {@code steps} of the last one that routed it, -1 if none
     */
    ChainPathSl(RoutingInput in, LftTables merged, List<PartRouting> steps, int[] lidStep) {
        this.in = in;
        this.merged = merged;
        this.steps = steps;
        this.lidStep = lidStep;
    }

    @Override
    public int pathSl(int srcLid, int dstLid) {
        if (srcLid <= 0 || dstLid <= 0 || srcLid > in.maxLid() || dstLid > in.maxLid() || lidStep[dstLid] < 0) {
            return 0;
        }
        PartRouting step = steps.get(lidStep[dstLid]);
        RoutingPart part = step.part();
        PathSlProvider sl = step.routed().pathSl();
        if (part.hasLid(srcLid)) {
            return sl.pathSl(srcLid, dstLid);
        }
        int sw = in.lidOwnerSwitch()[srcLid];
        for (int hops = 0; sw >= 0 && hops <= in.switchCount(); hops++) {
            if (part.partSwitch(sw) >= 0) {
                int entryLid = in.switchLid()[sw];
                return entryLid > 0 ? sl.pathSl(entryLid, dstLid) : 0;
            }
            int port = merged.port(sw, dstLid);
            int edge = in.edgeOfPort(sw, port);
            sw = edge >= 0 ? in.peerSwitch()[edge] : -1;
        }
        return 0;
    }
}
