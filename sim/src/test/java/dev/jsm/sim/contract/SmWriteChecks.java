package dev.jsm.sim.contract;

import static dev.jsm.sim.contract.KnownDifference.GUID_INFO_SET;
import static dev.jsm.sim.contract.KnownDifference.LID_ROUTED_BEFORE_ACTIVE;
import static dev.jsm.sim.contract.KnownDifference.PHYSICAL_STATE_TRAINS;
import static dev.jsm.sim.contract.KnownDifference.PORT_STATE_DOWN_BOUNCES;
import static dev.jsm.sim.contract.KnownDifference.PORT_INFO_WRITES_STORED;
import static dev.jsm.sim.contract.KnownDifference.SWITCH_INFO_WRITES_STORED;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.io.IOException;
import java.util.Map;

/**
 * The contract's fifth and last phase: more of what an SM writes during sweeps, on the far CA's port and the switch
 * port it is cabled to, each read back and undone where both simulators can undo it.
 *
 * <p>Agreeing: a directed route through port 0 of a switch (stays there), LID-routed SLtoVLMappingTable Set and Get and
 * LFT Get, PortInfo GidPrefix/HOQLife/ClientReregister, SwitchInfo LifeTimeValue, the link after PortState Down (both
 * ends retrain to Init; PortStateChange set). Known differences: the PortInfo and SwitchInfo fields ibsim does not
 * store, GUIDInfo Set, the answer to the PortState Down Set, the LID-routed Get after the bounce, and last (it leaves
 * the link down in ibsim) PortPhysicalState Disabled then Polling on the switch port.
 *
 * <p>Confined to the script's thread.
 */
final class SmWriteChecks {

    private static final int PHYS_POLLING = 2;
    private static final int PHYS_DISABLED = 3;

    private final ScriptedSmps smps;
    private final CrawledFabric f;
    private final FabricBringUp bringUp;

    SmWriteChecks(ScriptedSmps smps, CrawledFabric f, FabricBringUp bringUp) {
        this.smps = smps;
        this.f = f;
        this.bringUp = bringUp;
    }

    void run() throws IOException, InterruptedException {
        CrawledFabric.Node far = bringUp.lastCa();
        int farPort = FabricBringUp.firstLidPort(far);
        DrPath farPath = bringUp.route(far, farPort);
        int farLid = far.lid[farPort];
        CrawledFabric.Node peer = f.nodes.get(far.peerNode[farPort]);
        int peerPort = far.peerPort[farPort];

        smps.get(f.switches().get(0).path().extend(0), AttributeId.NODE_INFO, 0);
        byte[] sl2vl = new byte[64];
        sl2vl[0] = 0x11;
        sl2vl[7] = 0x22;
        smps.lid(Method.SET, farLid, AttributeId.SL_TO_VL_MAPPING_TABLE, 0, sl2vl, null);
        smps.lid(Method.GET, farLid, AttributeId.SL_TO_VL_MAPPING_TABLE, 0, null, null);
        smps.lid(Method.GET, peer.lid[0], AttributeId.LINEAR_FORWARDING_TABLE, 0, null, null);

        portInfoWrites(far, farPort);
        portInfoWrites(peer, peerPort);
        switchInfoWrites(peer);
        guidInfo(farPath);

        bringUp.setPortInfo(far, farPort, PORT_STATE_DOWN_BOUNCES.name(),
                pi -> PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_DOWN));
        smps.get(peer.path(), AttributeId.PORT_INFO, peerPort);
        smps.get(peer.path(), AttributeId.SWITCH_INFO, 0);
        smps.lid(Method.GET, farLid, AttributeId.NODE_INFO, 0, null, LID_ROUTED_BEFORE_ACTIVE.name());
        for (int state : new int[] {PortInfo.STATE_ARMED, PortInfo.STATE_ACTIVE}) {
            bringUp.setPortInfo(far, farPort, null, pi -> PortInfo.PORT_STATE.put(pi, 0, state));
            bringUp.setPortInfo(peer, peerPort, null, pi -> PortInfo.PORT_STATE.put(pi, 0, state));
        }
        smps.lid(Method.GET, farLid, AttributeId.NODE_INFO, 0, null, null);

        String tag = PHYSICAL_STATE_TRAINS.name();
        bringUp.setPortInfo(peer, peerPort, tag, pi -> PortInfo.PORT_PHYSICAL_STATE.put(pi, 0, PHYS_DISABLED));
        smps.get(farPath, AttributeId.PORT_INFO, farPort);
        bringUp.setPortInfo(peer, peerPort, tag, pi -> PortInfo.PORT_PHYSICAL_STATE.put(pi, 0, PHYS_POLLING));
        smps.dr(Method.GET, farPath, AttributeId.PORT_INFO, farPort, null, tag);
    }

    /** GidPrefix, HOQLife, ClientReregister (both store or clear them) and the fields ibsim ignores. */
    private void portInfoWrites(CrawledFabric.Node n, int p) throws IOException, InterruptedException {
        byte[] before = n.portInfo[p].clone();
        String tag = PORT_INFO_WRITES_STORED.name();
        bringUp.setPortInfo(n, p, tag, pi -> {
            PortInfo.GID_PREFIX.put(pi, 0, 0xfe80000000000000L);
            PortInfo.HOQ_LIFE.put(pi, 0, 16);
            PortInfo.CLIENT_REREGISTER.put(pi, 0, n.isSwitch ? 0 : 1);
            put(pi, PortInfo.LAYOUT, KnownDifference.WRITTEN_PORT_INFO);
        });
        DrPath path = bringUp.route(n, p);
        smps.dr(Method.GET, path, AttributeId.PORT_INFO, p, null, tag);
        n.portInfo[p] = before;
        bringUp.setPortInfo(n, p, null, pi -> { });
    }

    private void switchInfoWrites(CrawledFabric.Node s) throws IOException, InterruptedException {
        byte[] before = FabricCrawl.payload(smps.get(s.path(), AttributeId.SWITCH_INFO, 0));
        byte[] si = before.clone();
        SwitchInfo.LIFE_TIME_VALUE.put(si, 0, 18);
        put(si, SwitchInfo.LAYOUT, KnownDifference.WRITTEN_SWITCH_INFO);
        String tag = SWITCH_INFO_WRITES_STORED.name();
        smps.dr(Method.SET, s.path(), AttributeId.SWITCH_INFO, 0, si, tag);
        smps.dr(Method.GET, s.path(), AttributeId.SWITCH_INFO, 0, null, tag);
        smps.dr(Method.SET, s.path(), AttributeId.SWITCH_INFO, 0, before, null);
    }

    private void guidInfo(DrPath path) throws IOException, InterruptedException {
        byte[] guids = FabricCrawl.payload(smps.get(path, AttributeId.GUID_INFO, 0));
        byte[] set = guids.clone();
        for (int i = 0; i < 8; i++) {
            set[8 + i] = (byte) (KnownDifference.WRITTEN_GUID >>> (56 - 8 * i));
        }
        String tag = GUID_INFO_SET.name();
        smps.dr(Method.SET, path, AttributeId.GUID_INFO, 0, set, tag);
        smps.dr(Method.GET, path, AttributeId.GUID_INFO, 0, null, tag);
        smps.dr(Method.SET, path, AttributeId.GUID_INFO, 0, guids, tag);
    }

    /** Writes {@code values} into an attribute image by field name. */
    private static void put(byte[] image, Layout layout, Map<String, Long> values) {
        values.forEach((name, v) -> layout.field(name).put(image, 0, v));
    }
}
