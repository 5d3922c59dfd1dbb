package dev.jsm.daemon.sweep;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.daemon.lid.LidManager;
import dev.jsm.daemon.link.LinkManager;
import dev.jsm.daemon.link.PortActivator;
import dev.jsm.daemon.mcast.MftProgrammer;
import dev.jsm.daemon.pkey.PKeyManager;
import dev.jsm.daemon.qos.QosManager;
import dev.jsm.daemon.route.LftProgrammer;
import dev.jsm.daemon.route.UnicastRouting;
import dev.jsm.daemon.sm.SmStateStage;
import java.util.List;

/**
 * The two sweeps as lists of stages - the whole order of a sweep, readable in one place (ZooKeeper's
 * {@code setupRequestProcessors}, OpenSM's {@code do_sweep}). The stage objects keep what they need between sweeps
 * (routing keeps the last routed snapshot), so each list is built once per daemon.
 *
 * <p>One difference from OpenSM's order: the partition manager runs before the LID manager. Its P_KeyTable Sets go
 * by directed route and its plan keys ports by GUID, so it needs no LID; the LID manager's work (guid2lid's write and
 * fsync included) then runs while the Sets are on the wire instead of leaving the wire idle after discovery.
 *
 * <p>The lists are immutable; the stages are confined to the SM thread.
 */
public final class Sweeps {

    private Sweeps() {
    }

    /** The heavy sweep: from discovery to SUBNET UP. */
    public static List<SweepStage> heavy() {
        DiscoveryStage discovery = new DiscoveryStage();
        UnicastRouting routing = new UnicastRouting();
        return List.of(
                discovery,                      // NodeInfo, NodeDescription, PortInfo, SwitchInfo by directed route
                new DropManager(discovery),     // nodes and cables not reached this time go
                new SmStateStage(),             // DISCOVERING -> MASTER
                new PKeyManager(),              // partitions.conf, changed P_KeyTable blocks, enforcement wishes
                new LidManager(),               // LIDs from the model, guid2lid, PortInfo; guid2lid written
                routing,                        // routing chain, verifier, wanted LFTs
                new LftProgrammer(),            // SwitchInfo (LinearFDBTop, LifeTime), changed LFT blocks
                new MftProgrammer(routing),     // a spanning tree per multicast group, changed MFT blocks
                new QosManager(routing),        // qos-policy.conf, changed SL2VL and VLArb tables (with -Q)
                new LinkManager(),              // PortInfo parameters, INIT -> ARMED
                new PortActivator(),            // ARMED -> ACTIVE
                new SubnetUp());                // snapshot, dumps, "SUBNET UP"
    }

    /** The light sweep: is anything different? */
    public static List<SweepStage> light() {
        return List.of(new LightSweepProbe());
    }
}
