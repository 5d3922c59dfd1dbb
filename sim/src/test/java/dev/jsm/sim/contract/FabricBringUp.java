package dev.jsm.sim.contract;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The contract's second phase, the Sets an SM does to bring a crawled fabric up, each built from the last image the
 * fabric returned (PortState and PortPhysicalState 0 = no change): PortInfo LID/MasterSMLID/LMC on the local port,
 * every switch port 0 and every other CA port reached (the last CA gets LMC 1); SwitchInfo LinearFDBTop on every
 * switch; {@link LftPlan}'s LFT blocks Set and read back; every cabled port Armed, then Active; then LID-routed Gets
 * to every LID end to end through the programmed LFTs (and to one LID beyond LinearFDBTop).
 *
 * <p>Two checks where both simulators refuse the same thing ride along: Set(PortState Active) on the local port while
 * its link is Init, and the LID-routed Get before the links are Active (a known difference).
 *
 * <p>Confined to the script's thread.
 */
final class FabricBringUp {

    /** The SM's LID (the local port's). */
    static final int SM_LID = 1;

    private final ScriptedSmps smps;
    private final CrawledFabric f;
    private int maxLid;

    FabricBringUp(ScriptedSmps smps, CrawledFabric f) {
        this.smps = smps;
        this.f = f;
    }

    /** Runs the phase; returns the highest LID given out. */
    int run() throws IOException, InterruptedException {
        assignLids();
        CrawledFabric.Node local = f.local();
        setPortInfo(local, f.localPort, null, pi -> PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_ACTIVE));
        for (CrawledFabric.Node n : f.nodes) {
            for (int p = 0; p <= n.numPorts; p++) {
                if (n.lid[p] != 0) {
                    int lid = n.lid[p];
                    int lmc = n.lmc[p];
                    setPortInfo(n, p, null, pi -> {
                        PortInfo.LID.put(pi, 0, lid);
                        PortInfo.MASTER_SM_LID.put(pi, 0, SM_LID);
                        PortInfo.LMC.put(pi, 0, lmc);
                    });
                }
            }
        }
        LftPlan plan = new LftPlan(f, maxLid);
        for (CrawledFabric.Node s : f.switches()) {
            byte[] si = s.switchInfo.clone();
            SwitchInfo.LINEAR_FDB_TOP.put(si, 0, maxLid);
            smps.dr(Method.SET, s.path(), AttributeId.SWITCH_INFO, 0, si, null);
        }
        for (CrawledFabric.Node s : f.switches()) {
            byte[] t = plan.table(s);
            for (int block = 0; block <= maxLid / 64; block++) {
                byte[] b = new byte[64];
                Arrays.fill(b, (byte) 0xFF);
                System.arraycopy(t, block * 64, b, 0, Math.min(64, t.length - block * 64));
                smps.dr(Method.SET, s.path(), AttributeId.LINEAR_FORWARDING_TABLE, block, b, null);
            }
            for (int block = 0; block <= maxLid / 64; block++) {
                smps.get(s.path(), AttributeId.LINEAR_FORWARDING_TABLE, block);
            }
        }
        CrawledFabric.Node far = lastCa();
        smps.lid(Method.GET, far.lid[firstLidPort(far)], AttributeId.NODE_INFO, 0, null,
                KnownDifference.LID_ROUTED_BEFORE_ACTIVE.name());
        setStates(PortInfo.STATE_ARMED);
        setStates(PortInfo.STATE_ACTIVE);
        lidRoutedGets(far);
        return maxLid;
    }

    /** LIDs in discovery order: the local port 1, then each switch port 0 and each CA port; the last CA LMC 1. */
    private void assignLids() {
        CrawledFabric.Node local = f.local();
        local.lid[f.localPort] = SM_LID;
        int next = SM_LID + 1;
        CrawledFabric.Node far = lastCa();
        for (CrawledFabric.Node n : f.nodes) {
            for (int p = 0; p <= n.numPorts; p++) {
                boolean endPort = n.isSwitch ? p == 0 : p > 0 && n.portPath[p] != null;
                if (!endPort || n.lid[p] != 0) {
                    continue;
                }
                if (n == far && far != local) {
                    next += next % 2;
                    n.lmc[p] = 1;
                }
                n.lid[p] = next;
                next += 1 << n.lmc[p];
            }
        }
        maxLid = next - 1;
    }

    /** Sets PortState on both ends of every cable, node by node in discovery order. */
    private void setStates(int state) throws IOException, InterruptedException {
        for (CrawledFabric.Node n : f.nodes) {
            for (int p = 1; p <= n.numPorts; p++) {
                if (n.cabled(p) && n.portPath[p] != null) {
                    setPortInfo(n, p, null, pi -> PortInfo.PORT_STATE.put(pi, 0, state));
                }
            }
        }
    }

    private void lidRoutedGets(CrawledFabric.Node far) throws IOException, InterruptedException {
        for (CrawledFabric.Node n : f.nodes) {
            for (int p = 0; p <= n.numPorts; p++) {
                for (int i = 0; n.lid[p] != 0 && i < 1 << n.lmc[p]; i++) {
                    smps.lid(Method.GET, n.lid[p] + i, AttributeId.NODE_INFO, 0, null, null);
                }
            }
        }
        for (CrawledFabric.Node s : f.switches()) {
            smps.lid(Method.GET, s.lid[0], AttributeId.SWITCH_INFO, 0, null, null);
            smps.lid(Method.GET, s.lid[0], AttributeId.PORT_INFO, s.numPorts, null, null);
        }
        int farLid = far.lid[firstLidPort(far)];
        smps.lid(Method.GET, farLid + (1 << far.lmc[firstLidPort(far)]) - 1, AttributeId.PORT_INFO, 0, null, null);
        smps.lid(Method.GET, farLid, AttributeId.NODE_DESCRIPTION, 0, null, null);
        smps.lid(Method.GET, maxLid + 1, AttributeId.NODE_INFO, 0, null, null);
    }

    /**
     * Sets PortInfo of port {@code p} of {@code n} from its last image, changed by {@code change}, through the
     * route that reaches that port; keeps the answer as the new image.
     *
     * @param tag the known difference exercised, or null
     */
    SmpExchange.Outcome setPortInfo(CrawledFabric.Node n, int p, String tag, Consumer<byte[]> change)
            throws IOException, InterruptedException {
        byte[] pi = n.portInfo[p].clone();
        PortInfo.PORT_STATE.put(pi, 0, PortInfo.STATE_NO_CHANGE);
        PortInfo.PORT_PHYSICAL_STATE.put(pi, 0, PortInfo.STATE_NO_CHANGE);
        change.accept(pi);
        SmpExchange.Outcome o = smps.dr(Method.SET, route(n, p), AttributeId.PORT_INFO, p, pi, tag);
        byte[] answer = FabricCrawl.payload(o);
        if (answer != null) {
            n.portInfo[p] = answer;
        }
        return o;
    }

    /** The directed route to port {@code p} of {@code n}: the local port's is the empty route. */
    DrPath route(CrawledFabric.Node n, int p) {
        return n.index == 0 ? DrPath.local() : n.portPath[p];
    }

    /** The last CA discovered (the far end of the fabric), or the local one if it is alone. */
    CrawledFabric.Node lastCa() {
        return f.cas().get(f.cas().size() - 1);
    }

    /** The first port of {@code n} with a LID. */
    static int firstLidPort(CrawledFabric.Node n) {
        for (int p = 0; p <= n.numPorts; p++) {
            if (n.lid[p] != 0) {
                return p;
            }
        }
        throw new IllegalStateException("node " + n.index + " has no LID");
    }
}
