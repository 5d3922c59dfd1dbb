package dev.jsm.routing.torus;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.TorusConfigFile;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import java.util.ArrayList;
import java.util.List;

/**
 * One torus-2QoS pass over a {@link TorusTestFabric} for tests: the outcome, the tables, and helpers that follow a
 * path hop by hop with the VL of every hop.
 *
 * <p>Confined to the test thread.
 */
final class TorusRun {

    final TorusTestFabric fabric;
    final RoutingInput in;
    final TorusEngine engine;
    final LftTables lfts;
    final RouteOutcome outcome;

    TorusRun(TorusTestFabric fabric, TorusConfigFile config) {
        this.fabric = fabric;
        this.in = fabric.input();
        this.engine = new TorusEngine(new TorusOptions(TorusOptions.DEFAULT_CONFIG, 1, List.of()));
        this.lfts = LftTables.forInput(in);
        this.outcome = engine.route(in, config, lfts);
    }

    static TorusRun of(TorusTestFabric fabric) {
        return new TorusRun(fabric, fabric.parsedConfig());
    }

    RouteOutcome.Routed routed() {
        assertThat(outcome).as("outcome").isInstanceOf(RouteOutcome.Routed.class);
        return (RouteOutcome.Routed) outcome;
    }

    VerifierReport verify() {
        return new RouteVerifier().verify(in, lfts, routed());
    }

    /** Asserts 100% reachability among connected pairs and no credit loop. */
    void assertClean() {
        VerifierReport r = verify();
        assertThat(r.unreachablePairs()).as(r.format()).isZero();
        assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
    }

    int pathSl(int[] src, int[] dst) {
        return routed().pathSl().pathSl(fabric.hostLid(in, src[0], src[1], src[2]),
                fabric.hostLid(in, dst[0], dst[1], dst[2]));
    }

    /** The switch coordinates along the path from the host of {@code src} to the host of {@code dst}. */
    List<String> path(int[] src, int[] dst) {
        List<String> out = new ArrayList<>();
        for (Hop h : hops(src, dst)) {
            out.add(h.at);
        }
        return out;
    }

    /** The VLs of the inter-switch hops from the host of {@code src} to the host of {@code dst}. */
    List<Integer> vls(int[] src, int[] dst) {
        List<Integer> out = new ArrayList<>();
        for (Hop h : hops(src, dst)) {
            if (h.vl >= 0) {
                out.add(h.vl);
            }
        }
        return out;
    }

    /** One switch on a path and the VL it sends on toward the next switch (-1 at the last switch). */
    record Hop(String at, int vl) {
    }

    List<Hop> hops(int[] src, int[] dst) {
        int srcLid = fabric.hostLid(in, src[0], src[1], src[2]);
        int dstLid = fabric.hostLid(in, dst[0], dst[1], dst[2]);
        int sl = routed().pathSl().pathSl(srcLid, dstLid);
        int sw = in.lidOwnerSwitch()[srcLid];
        int inPort = in.lidOwnerPort()[srcLid] & 0xFF;
        List<Hop> hops = new ArrayList<>();
        for (int guard = 0; guard < in.switchCount() + 1; guard++) {
            int port = lfts.port(sw, dstLid);
            String at = coords(sw);
            int e = in.edgeOfPort(sw, port);
            if (port == LftTables.NO_PATH || e < 0) {
                hops.add(new Hop(at, -1));
                return hops;
            }
            hops.add(new Hop(at, routed().sl2Vl().vl(sw, inPort, port, sl)));
            inPort = in.peerPort()[e] & 0xFF;
            sw = in.peerSwitch()[e];
        }
        throw new AssertionError("routing loop: " + hops);
    }

    String coords(int sw) {
        long g = in.switchGuid()[sw];
        for (int z = 0; z < fabric.dims[2]; z++) {
            for (int y = 0; y < fabric.dims[1]; y++) {
                for (int x = 0; x < fabric.dims[0]; x++) {
                    if (fabric.guid(x, y, z) == g) {
                        return fabric.dims[2] == 1 ? x + "," + y : x + "," + y + "," + z;
                    }
                }
            }
        }
        return "?";
    }

    TorusSummary summary() {
        return engine.lastSummary().orElseThrow();
    }
}
