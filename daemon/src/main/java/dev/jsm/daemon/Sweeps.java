package dev.jsm.daemon;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.daemon.discovery.LightSweepProbe;
import dev.jsm.daemon.lid.LidManager;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.link.LinkManager;
import dev.jsm.daemon.link.PortActivator;
import dev.jsm.daemon.link.PortWishes;
import dev.jsm.daemon.mcast.McastGroups;
import dev.jsm.daemon.mcast.MftProgrammer;
import dev.jsm.daemon.pkey.PKeyManager;
import dev.jsm.daemon.publish.McastViewUpdate;
import dev.jsm.daemon.publish.SubnetUp;
import dev.jsm.daemon.qos.QosManager;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.route.UnicastRouting;
import dev.jsm.daemon.sm.HighAvailability;
import dev.jsm.daemon.sm.SmStatus;
import dev.jsm.daemon.sweep.SnapshotStage;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.routing.RoutingChain;
import dev.jsm.subnet.Subnet;
import java.util.List;

/**
 * The two sweeps and the multicast update as lists of stages - the whole order of a sweep, readable in one place
 * (ZooKeeper's {@code setupRequestProcessors}, OpenSM's {@code do_sweep}) - and the state the stages keep between
 * sweeps, each piece handed to the stages that own or read it. The stage objects live as long as the daemon, so
 * each list is built once.
 *
 * <p>The order is OpenSM's: discovery also meets the other SMs, and the election after it decides whether this SM
 * configures anything (a standby's sweep ends there, having only read the fabric). One difference, the sweep's
 * snapshot: the fabric is copied once, when discovery, the drop manager
 * and the LID manager have made its shape and LIDs final, and every later stage reads that copy.
 *
 * <p>The lists are immutable; the stages are confined to the SM thread.
 */
final class Sweeps {

    private final List<SweepStage> heavy;
    private final List<SweepStage> light;
    private final List<SweepStage> mcast;

    /**
     * The stages of one daemon.
     *
     * @param sm the SM's status
     * @param lids the guid2lid store, loaded
     * @param chain the configured routing engines
     * @param routes the routing in force (written by routing; read by multicast, QoS and SUBNET UP)
     * @param mcastGroups the multicast groups (changed by the SA on the SM thread)
     * @param ha this SM among the others: the SMs discovery meets, the election
     */
    Sweeps(SmStatus sm, LidStore lids, RoutingChain chain, RoutingState routes, McastGroups mcastGroups,
           HighAvailability ha) {
        PortWishes wishes = new PortWishes();
        DiscoveryStage discovery = new DiscoveryStage(ha.otherSms());
        PKeyManager pkeys = new PKeyManager(wishes);
        QosManager qos = new QosManager(wishes, routes);
        SubnetUp subnetUp = new SubnetUp(sm, routes, pkeys::partitions, qos::policy);
        this.heavy = List.of(
                discovery,                          // NodeInfo, NodeDescription, PortInfo, SwitchInfo by directed route
                new DropManager(discovery),         // nodes and cables not reached this time go
                ha.election(Subnet::forgetProgrammedTables), // MASTER, STANDBY or HANDOVER; a takeover trusts
                                                             // no table the switches hold
                new LidManager(lids, sm),           // LIDs from the model, guid2lid, PortInfo; guid2lid written
                new SnapshotStage(),                // shape and LIDs final: the sweep's one copy of the model
                pkeys,                              // partitions.conf, changed P_KeyTable blocks, enforcement wishes
                new UnicastRouting(chain, routes),  // routing chain, verifier, wanted LFTs
                new LftProgrammer(),                // SwitchInfo (LinearFDBTop, LifeTime), changed LFT blocks
                new MftProgrammer(mcastGroups, routes, MftProgrammer.Scope.ALL), // a spanning tree per multicast
                                                                                 // group, changed MFT blocks
                qos,                                // qos-policy.conf, changed SL2VL and VLArb tables (with -Q)
                new LinkManager(wishes, sm),        // PortInfo parameters, INIT -> ARMED
                new PortActivator(wishes, sm),      // ARMED -> ACTIVE
                subnetUp);                          // view, dumps, "SUBNET UP"
        this.light = List.of(new LightSweepProbe(ha.otherSms()));
        MftProgrammer changedGroups = new MftProgrammer(mcastGroups, routes, MftProgrammer.Scope.CHANGED);
        this.mcast = List.of(
                changedGroups,                      // the trees of the groups joined or left, their MFT blocks
                new McastViewUpdate(changedGroups, subnetUp::published)); // the view with the new MFTs, mcfdbs
    }

    /** The heavy sweep: from discovery to SUBNET UP. */
    List<SweepStage> heavy() {
        return heavy;
    }

    /** The light sweep: is anything different? */
    List<SweepStage> light() {
        return light;
    }

    /**
     * The multicast update between heavy sweeps: the groups changed by joins and leaves, over the routing and model
     * of the last heavy sweep.
     */
    List<SweepStage> mcast() {
        return mcast;
    }
}
