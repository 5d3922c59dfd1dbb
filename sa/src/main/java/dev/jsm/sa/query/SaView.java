package dev.jsm.sa.query;

import dev.jsm.routing.PathSlProvider;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Objects;

/**
 * Everything the SA answers from, published as one immutable object at each SUBNET UP: the subnet snapshot (with
 * the programmed LFTs, which PathRecords follow), the routing engine's path SLs, the QoS levels, partition
 * membership, the SM's own identity, the SA options and the SM's copies of the ports' P_Key, SL2VL and VLArb
 * tables. The agent reads the last published view and never waits for the sweep; it adds the alias GUIDs it keeps
 * itself ({@link #withAliases}).
 *
 * <p>In detail: docs/design/sa.md#saview.
 */
public record SaView(SubnetSnapshot snapshot, PathSlProvider pathSl, QosLevels qos, PartitionMembership partitions,
                     SmIdentity sm, SaSettings settings, PortTables tables, AliasGuids aliases) {

    /** Checks for nulls. */
    public SaView {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(pathSl, "pathSl");
        Objects.requireNonNull(qos, "qos");
        Objects.requireNonNull(partitions, "partitions");
        Objects.requireNonNull(sm, "sm");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(aliases, "aliases");
    }

    /** A view without alias GUIDs (the agent adds its own when the view is published). */
    public SaView(SubnetSnapshot snapshot, PathSlProvider pathSl, QosLevels qos, PartitionMembership partitions,
                  SmIdentity sm, SaSettings settings, PortTables tables) {
        this(snapshot, pathSl, qos, partitions, sm, settings, tables, AliasGuids.NONE);
    }

    /** This view with other alias GUIDs. */
    public SaView withAliases(AliasGuids newAliases) {
        return new SaView(snapshot, pathSl, qos, partitions, sm, settings, tables, newAliases);
    }

    /** The view before the first sweep: an empty subnet, default policies. */
    public static SaView empty(SaSettings settings) {
        return new SaView(SubnetSnapshot.empty(), PathSlProvider.DEFAULT, QosLevels.NONE,
                PartitionMembership.DEFAULT_ONLY, SmIdentity.NONE, settings, PortTables.NONE);
    }

    /** The default view of a snapshot: SL 0 everywhere, no QoS, the default partition only. */
    public static SaView of(SubnetSnapshot snapshot, SmIdentity sm, SaSettings settings) {
        return new SaView(snapshot, PathSlProvider.DEFAULT, QosLevels.NONE, PartitionMembership.DEFAULT_ONLY, sm,
                settings, PortTables.NONE);
    }

    /** This view with other SA options. */
    public SaView withSettings(SaSettings newSettings) {
        return new SaView(snapshot, pathSl, qos, partitions, sm, newSettings, tables, aliases);
    }

    /**
     * This view with another snapshot of the same fabric (the switches' MFTs reprogrammed by a multicast update;
     * everything derived from the ports - QoS, partitions, table copies - is unchanged).
     */
    public SaView withSnapshot(SubnetSnapshot newSnapshot) {
        return new SaView(newSnapshot, pathSl, qos, partitions, sm, settings, tables, aliases);
    }

    /** This view with other table copies. */
    public SaView withTables(PortTables newTables) {
        return new SaView(snapshot, pathSl, qos, partitions, sm, settings, newTables, aliases);
    }
}
