package dev.jsm.daemon.view;

import dev.jsm.conf.SmOptions;
import dev.jsm.partitions.PartitionSet;
import dev.jsm.qos.policy.QosPolicy;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Objects;

/**
 * What the SM configured, as published at a SUBNET UP for the threads that only read: the SA, /metrics, /status and
 * the console. Built once per successful heavy sweep on the SM thread, then never changed; the sweep's mutable state
 * (the model, the stages' own state) is never shared with those threads.
 *
 * <p>Immutable; safe to share.
 *
 * @param sweep the heavy sweep's number
 * @param snapshot the fabric with the LIDs, port states and tables the ports hold
 * @param routing the routing in force (engine, tables, path SLs), or {@code null} if no engine has routed yet
 * @param partitions the partitions in force
 * @param qosPolicy the QoS policy in force, or {@code null} (QoS off, or no policy file)
 * @param options the options in effect at that sweep
 */
public record FabricView(int sweep, SubnetSnapshot snapshot, RoutingResult routing, PartitionSet partitions,
                         QosPolicy qosPolicy, SmOptions options) {

    /** Checks the fields that are never absent. */
    public FabricView {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(options, "options");
    }

    /** The view before the first SUBNET UP: an empty fabric, nothing routed, no partitions or policy. */
    public static FabricView empty(SmOptions options) {
        return new FabricView(0, SubnetSnapshot.empty(), null, null, null, options);
    }
}
