package dev.jsm.sim.contract;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;

/**
 * The contract's third phase: table Sets read back, and the error cases on which both simulators agree.
 *
 * <p>Tables, on the far CA's port, the first switch's port 0 and its first cabled external port: P_KeyTable block 0
 * Set and Get (plus block 1 of the CA, and block 0 with port bits in the modifier, which a CA ignores),
 * SLtoVLMappingTable Set and Get (plus untouched switch port pairs, one from port 0), VLArbitrationTable block 1 Set
 * and Get (plus block 3, of the CA port and of switch port 0), MulticastForwardingTable block 0 Set and Get (plus
 * block 1).
 *
 * <p>Errors: PortInfo of a port beyond NumPorts (switch and CA), LFT block 768, SwitchInfo/LFT/MFT of a CA, P_Key
 * blocks beyond the capacity, VLArb blocks 0, 2 (beyond an 8-entry capacity) and 5; directed routes through a CA,
 * out of a port beyond NumPorts and out of an uncabled port; PortState Armed on an uncabled port; PortInfo Set of
 * another port of a multi-port CA; a PortInfo Set rejected for OperationalVLs above VLCap that would change nothing
 * else, read back.
 *
 * <p>Confined to the script's thread.
 */
final class TableChecks {

    private static final int[] P_KEYS = {0xFFFF, 0x8001, 0x7FFF, 0x0002};
    private static final byte[] SL2VL = {0x76, 0x54, 0x32, 0x10, 0x01, 0x23, 0x45, 0x67};

    private final ScriptedSmps smps;
    private final CrawledFabric f;
    private final FabricBringUp bringUp;

    TableChecks(ScriptedSmps smps, CrawledFabric f, FabricBringUp bringUp) {
        this.smps = smps;
        this.f = f;
        this.bringUp = bringUp;
    }

    void run() throws IOException, InterruptedException {
        CrawledFabric.Node far = bringUp.lastCa();
        int farPort = FabricBringUp.firstLidPort(far);
        DrPath farPath = bringUp.route(far, farPort);
        CrawledFabric.Node sw = f.switches().get(0);
        DrPath swPath = sw.path();
        int swPort = firstCabled(sw);
        tables(farPath, swPath, swPort);
        errors(far, farPort, farPath, sw, swPath);
    }

    private void tables(DrPath farPath, DrPath swPath, int swPort) throws IOException, InterruptedException {
        setAndGet(farPath, AttributeId.P_KEY_TABLE, 0, pKeys());
        smps.get(farPath, AttributeId.P_KEY_TABLE, 1);
        setAndGet(swPath, AttributeId.P_KEY_TABLE, (long) swPort << 16, pKeys());
        setAndGet(swPath, AttributeId.P_KEY_TABLE, 0, pKeys());
        setAndGet(farPath, AttributeId.SL_TO_VL_MAPPING_TABLE, 0, sl2vl());
        int other = swPort == 1 ? 2 : 1;
        setAndGet(swPath, AttributeId.SL_TO_VL_MAPPING_TABLE, (swPort << 8) | other, sl2vl());
        smps.get(swPath, AttributeId.SL_TO_VL_MAPPING_TABLE, (other << 8) | swPort);
        setAndGet(farPath, AttributeId.VL_ARBITRATION_TABLE, 1L << 16, vlArb());
        smps.get(farPath, AttributeId.VL_ARBITRATION_TABLE, 3L << 16);
        setAndGet(swPath, AttributeId.VL_ARBITRATION_TABLE, (1L << 16) | swPort, vlArb());
        smps.get(swPath, AttributeId.VL_ARBITRATION_TABLE, 3L << 16);
        smps.get(swPath, AttributeId.SL_TO_VL_MAPPING_TABLE, swPort);
        smps.get(farPath, AttributeId.P_KEY_TABLE, 5L << 16);
        byte[] mft = new byte[64];
        mft[1] = 0x06;
        mft[3] = 0x18;
        mft[63] = 0x01;
        setAndGet(swPath, AttributeId.MULTICAST_FORWARDING_TABLE, 0, mft);
        smps.get(swPath, AttributeId.MULTICAST_FORWARDING_TABLE, 1);
    }

    private void errors(CrawledFabric.Node far, int farPort, DrPath farPath, CrawledFabric.Node sw, DrPath swPath)
            throws IOException, InterruptedException {
        smps.get(swPath, AttributeId.PORT_INFO, sw.numPorts + 1);
        smps.get(farPath, AttributeId.PORT_INFO, far.numPorts + 1);
        smps.get(swPath, AttributeId.LINEAR_FORWARDING_TABLE, 768);
        smps.get(farPath, AttributeId.SWITCH_INFO, 0);
        smps.get(farPath, AttributeId.LINEAR_FORWARDING_TABLE, 0);
        smps.get(farPath, AttributeId.MULTICAST_FORWARDING_TABLE, 0);
        smps.get(farPath, AttributeId.P_KEY_TABLE, 2);
        smps.get(swPath, AttributeId.P_KEY_TABLE, 1);
        smps.get(farPath, AttributeId.VL_ARBITRATION_TABLE, 0);
        smps.get(farPath, AttributeId.VL_ARBITRATION_TABLE, 2L << 16);
        smps.get(farPath, AttributeId.VL_ARBITRATION_TABLE, 5L << 16);
        smps.get(farPath.extend(farPort), AttributeId.NODE_INFO, 0);
        smps.get(swPath.extend(sw.numPorts + 1), AttributeId.NODE_INFO, 0);
        for (CrawledFabric.Node s : f.switches()) {
            int p = firstUncabled(s);
            if (p > 0) {
                smps.get(s.path().extend(p), AttributeId.NODE_INFO, 0);
                bringUp.setPortInfo(s, p, null, pi -> PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_ARMED));
                break;
            }
        }
        otherCaPort();
        CrawledFabric.Node local = f.local();
        bringUp.setPortInfo(local, f.localPort, null, pi -> PortInfo.OPERATIONAL_VLS.put(pi, 0, 15));
        smps.get(DrPath.local(), AttributeId.PORT_INFO, f.localPort);
    }

    /** PortInfo Set of port b of a multi-port CA through port a (a CA only sets the port an SMP came in by). */
    private void otherCaPort() throws IOException, InterruptedException {
        for (CrawledFabric.Node n : f.cas()) {
            if (n.index == 0 || n.numPorts < 2) {
                continue;
            }
            for (int a = 1; a <= n.numPorts; a++) {
                int b = a == 1 ? 2 : 1;
                if (n.portPath[a] != null && n.portInfo[b] != null) {
                    byte[] pi = n.portInfo[b].clone();
                    PortInfo.PORT_STATE.put(pi, 0, 0);
                    PortInfo.PORT_PHYSICAL_STATE.put(pi, 0, 0);
                    smps.dr(Method.SET, n.portPath[a], AttributeId.PORT_INFO, b, pi, null);
                    return;
                }
            }
        }
    }

    private void setAndGet(DrPath path, AttributeId attr, long mod, byte[] payload)
            throws IOException, InterruptedException {
        smps.dr(Method.SET, path, attr, mod, payload, null);
        smps.get(path, attr, mod);
    }

    private static byte[] pKeys() {
        byte[] b = new byte[64];
        for (int i = 0; i < P_KEYS.length; i++) {
            b[2 * i] = (byte) (P_KEYS[i] >>> 8);
            b[2 * i + 1] = (byte) P_KEYS[i];
        }
        return b;
    }

    private static byte[] sl2vl() {
        byte[] b = new byte[64];
        System.arraycopy(SL2VL, 0, b, 0, SL2VL.length);
        return b;
    }

    /** Eight VLArb entries: VL i with weight 16 * (i + 1). */
    private static byte[] vlArb() {
        byte[] b = new byte[64];
        for (int i = 0; i < 8; i++) {
            b[2 * i] = (byte) i;
            b[2 * i + 1] = (byte) (16 * (i + 1));
        }
        return b;
    }

    private static int firstCabled(CrawledFabric.Node n) {
        for (int p = 1; p <= n.numPorts; p++) {
            if (n.cabled(p)) {
                return p;
            }
        }
        throw new IllegalStateException("switch " + n.index + " has no cable");
    }

    private static int firstUncabled(CrawledFabric.Node n) {
        for (int p = 1; p <= n.numPorts; p++) {
            if (!n.cabled(p)) {
                return p;
            }
        }
        return 0;
    }
}
