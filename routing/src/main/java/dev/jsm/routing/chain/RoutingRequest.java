package dev.jsm.routing.chain;

import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.portgroup.PartitionMembers;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What one sweep hands {@link UnicastRouter#route}: the fabric as the sweep found it, the chain to route with, the
 * routing in force and the options that say how far it may be reused.
 *
 * <p>In detail: docs/design/routing.md#routingrequest.
 */
public record RoutingRequest(SubnetSnapshot fabric, Supplier<SubnetSnapshot> fabricSlot, int lmc, long smPortGuid,
                             PartitionMembers partitions, ChainSpec chain, TopologyChain topologies,
                             boolean newTopologies, boolean rerouteRequested, Repair repair, InForce inForce,
                             Persisted persisted) {

    /** Checks the parts that are never absent. */
    public RoutingRequest {
        Objects.requireNonNull(fabric, "fabric");
        Objects.requireNonNull(fabricSlot, "fabricSlot");
        Objects.requireNonNull(partitions, "partitions");
        Objects.requireNonNull(repair, "repair");
    }

    /** How far the routes in force may be repaired for a changed fabric instead of computed anew. */
    public enum Repair {
        /** Never: every change computes the routes anew. */
        NONE,
        /**
         * OpenSM's unicast cache ({@code use_ucast_cache}): only when every change is one the cache survives,
         * links and nodes that went.
         */
        UCAST_CACHE,
        /** Every change the engine's repair policy accepts ({@code incremental_routing}). */
        INCREMENTAL;

        /** {@code incremental_routing} wins over {@code use_ucast_cache}; neither is {@link #NONE}. */
        public static Repair of(boolean incrementalRouting, boolean useUcastCache) {
            return incrementalRouting ? INCREMENTAL : useUcastCache ? UCAST_CACHE : NONE;
        }
    }

    /**
     * The routing in force: the input the engines saw, what the chain made of it, the engine whose rules the tables
     * follow ({@code null} for a chain over topologies or a failed routing).
     */
    public record InForce(RoutingInput input, RoutingResult result, RoutingEngine engine) {
        /** Checks the input and the result. */
        public InForce {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * A routing the last run persisted, offered for reuse.
     *
     * @param routing the routing as read back
     * @param sameOptions whether the routing options now are those it was routed under (its fingerprint matches);
     *     asked only once the fabric's switches are found to be the same (it may read the files options name)
     * @param source where it was read, for the decision line
     */
    public record Persisted(PersistedRouting routing, BooleanSupplier sameOptions, String source) {
        /** Checks that nothing is absent. */
        public Persisted {
            Objects.requireNonNull(routing, "routing");
            Objects.requireNonNull(sameOptions, "sameOptions");
            Objects.requireNonNull(source, "source");
        }
    }
}
