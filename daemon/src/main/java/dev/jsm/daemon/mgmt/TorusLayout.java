package dev.jsm.daemon.mgmt;

import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.torus.TorusEngine;
import dev.jsm.routing.torus.TorusPlacement;

/**
 * Where the map puts the switches of a torus: the placement of the torus-2QoS pass in force, read from the
 * {@code opensm-torus.dump} its routed outcome carries ({@link TorusPlacement}). A routing repaired after a change
 * (which carries no dump) keeps the last placement, since repair moves no switch; any other engine, or a chain, has
 * none, and the map falls back to levels.
 *
 * <p>Thread-safe (synchronized); the dump is parsed once per routing.
 */
final class TorusLayout {

    private String lastDump;
    private TorusPlacement last;

    /** The placement to draw {@code routing}'s fabric by, or {@code null}. */
    synchronized TorusPlacement of(RoutingResult routing) {
        if (routing == null || !routing.isRouted() || !routing.engineUsed().orElse("").equals(TorusEngine.NAME)) {
            return null;
        }
        String dump = routing.routed().dumpFiles().get(TorusEngine.DUMP_FILE);
        if (dump != null && !dump.equals(lastDump)) {
            lastDump = dump;
            try {
                last = TorusPlacement.parse(dump);
            } catch (IllegalArgumentException e) {
                last = null;
            }
        }
        return last;
    }
}
