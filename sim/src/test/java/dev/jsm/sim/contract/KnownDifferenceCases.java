package dev.jsm.sim.contract;

import static dev.jsm.sim.contract.KnownDifference.ACTIVE_TO_ARMED;
import static dev.jsm.sim.contract.KnownDifference.ENABLE_ALL_SUPPORTED;
import static dev.jsm.sim.contract.KnownDifference.LINK_ENABLE_AT_RETRAIN;
import static dev.jsm.sim.contract.KnownDifference.NEIGHBOR_MTU_STORED;
import static dev.jsm.sim.contract.KnownDifference.OUT_OF_RANGE;
import static dev.jsm.sim.contract.KnownDifference.REJECTED_SET_WRITES_NOTHING;
import static dev.jsm.sim.contract.KnownDifference.SET_READ_ONLY_ATTRIBUTE;
import static dev.jsm.sim.contract.KnownDifference.SMINFO_WITHOUT_SM;
import static dev.jsm.sim.contract.KnownDifference.UNKNOWN_ATTRIBUTE;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The contract's fourth phase: the requests on which the simulator deliberately differs from ibsim (the ones its
 * author listed), each tagged with its {@link KnownDifference} so that the comparison can hold the difference to
 * exactly what that entry allows: unknown attribute, SMInfo without SM, Set of NodeInfo and NodeDescription, blocks,
 * positions and switch ports out of range, and PortInfo Sets on the far CA's port (a rejected Set carrying a new LID,
 * NeighborMTU, LinkWidthEnabled 1x, the all-supported enable values, Active to Armed), each read back on the port
 * and its switch neighbour and then undone with a Set both simulators answer alike.
 *
 * <p>Confined to the script's thread.
 */
final class KnownDifferenceCases {

    /** An attribute ID no SMA implements (not even ibsim's vendor attributes). */
    static final int UNKNOWN_ATTRIBUTE_ID = 0xFF00;

    private final ScriptedSmps smps;
    private final CrawledFabric f;
    private final FabricBringUp bringUp;

    KnownDifferenceCases(ScriptedSmps smps, CrawledFabric f, FabricBringUp bringUp) {
        this.smps = smps;
        this.f = f;
        this.bringUp = bringUp;
    }

    void run() throws IOException, InterruptedException {
        CrawledFabric.Node sw = f.switches().get(0);
        DrPath swPath = sw.path();
        CrawledFabric.Node far = bringUp.lastCa();
        int farPort = FabricBringUp.firstLidPort(far);
        DrPath farPath = bringUp.route(far, farPort);

        smps.dr(Method.GET, swPath, AttributeId.valueOf(UNKNOWN_ATTRIBUTE_ID), 0, null, UNKNOWN_ATTRIBUTE.name());
        smps.dr(Method.GET, farPath, AttributeId.SM_INFO, 0, null, SMINFO_WITHOUT_SM.name());
        readOnlySet(swPath, AttributeId.NODE_INFO);
        readOnlySet(swPath, AttributeId.NODE_DESCRIPTION);

        int lftBlocks = SwitchInfo.LINEAR_FDB_CAP.getInt(sw.switchInfo, 0) / 64;
        smps.dr(Method.GET, swPath, AttributeId.LINEAR_FORWARDING_TABLE, lftBlocks, null, OUT_OF_RANGE.name());
        int mftBlocks = SwitchInfo.MULTICAST_FDB_CAP.getInt(sw.switchInfo, 0) / 32;
        smps.dr(Method.GET, swPath, AttributeId.MULTICAST_FORWARDING_TABLE, mftBlocks, null,
                OUT_OF_RANGE.name());
        long positions = (sw.numPorts + 16) / 16;
        smps.dr(Method.GET, swPath, AttributeId.MULTICAST_FORWARDING_TABLE, positions << 28, null,
                OUT_OF_RANGE.name());
        smps.dr(Method.GET, swPath, AttributeId.P_KEY_TABLE, (long) (sw.numPorts + 1) << 16, null,
                OUT_OF_RANGE.name());
        smps.dr(Method.GET, swPath, AttributeId.SL_TO_VL_MAPPING_TABLE, (sw.numPorts + 1) << 8, null,
                OUT_OF_RANGE.name());
        smps.dr(Method.GET, swPath, AttributeId.VL_ARBITRATION_TABLE, (1L << 16) | (sw.numPorts + 1), null,
                OUT_OF_RANGE.name());
        int guidBlocks = (PortInfo.GUID_CAP.getInt(far.portInfo[farPort], 0) + 7) / 8;
        smps.dr(Method.GET, farPath, AttributeId.GUID_INFO, guidBlocks, null, OUT_OF_RANGE.name());

        portInfoCase(far, farPort, REJECTED_SET_WRITES_NOTHING, pi -> {
            PortInfo.LID.put(pi, 0, KnownDifference.REJECTED_LID);
            PortInfo.OPERATIONAL_VLS.put(pi, 0, 15);
        });
        portInfoCase(far, farPort, NEIGHBOR_MTU_STORED,
                pi -> PortInfo.NEIGHBOR_MTU.put(pi, 0, KnownDifference.WRITTEN_NEIGHBOR_MTU));
        portInfoCase(far, farPort, LINK_ENABLE_AT_RETRAIN,
                pi -> PortInfo.LINK_WIDTH_ENABLED.put(pi, 0, KnownDifference.WRITTEN_LINK_WIDTH));
        portInfoCase(far, farPort, ENABLE_ALL_SUPPORTED, pi -> {
            PortInfo.LINK_WIDTH_ENABLED.put(pi, 0, 255);
            PortInfo.LINK_SPEED_ENABLED.put(pi, 0, 15);
        });
        portInfoCase(far, farPort, ACTIVE_TO_ARMED, pi -> PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_ARMED));
    }

    /** Get of a read-only attribute, then a Set of what it returned. */
    private void readOnlySet(DrPath path, AttributeId attr) throws IOException, InterruptedException {
        byte[] image = FabricCrawl.payload(smps.get(path, attr, 0));
        smps.dr(Method.SET, path, attr, 0, image, SET_READ_ONLY_ATTRIBUTE.name());
    }

    /**
     * Sets the far CA port's PortInfo changed by {@code change}, reads the port and its switch neighbour back, then
     * Sets the image from before, which both simulators accept: PortState 0 (ibsim refuses Active on an Active
     * port), or Active after the Active-to-Armed case (ibsim did arm the port).
     */
    private void portInfoCase(CrawledFabric.Node n, int p, KnownDifference tag,
                              Consumer<byte[]> change) throws IOException, InterruptedException {
        byte[] before = n.portInfo[p].clone();
        bringUp.setPortInfo(n, p, tag.name(), change);
        DrPath path = bringUp.route(n, p);
        smps.dr(Method.GET, path, AttributeId.PORT_INFO, p, null, tag.name());
        CrawledFabric.Node peer = f.nodes.get(n.peerNode[p]);
        if (peer.isSwitch) {
            smps.dr(Method.GET, peer.path(), AttributeId.PORT_INFO, n.peerPort[p], null, tag.name());
        }
        n.portInfo[p] = before;
        int restore = tag == ACTIVE_TO_ARMED ? PortInfo.STATE_ACTIVE : PortInfo.STATE_NO_CHANGE;
        bringUp.setPortInfo(n, p, null, pi -> PortInfo.PORT_STATE.put(pi, 0, restore));
        smps.get(path, AttributeId.PORT_INFO, p);
    }
}
