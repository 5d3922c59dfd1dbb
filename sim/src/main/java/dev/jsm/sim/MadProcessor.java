package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.VendorTraps;

/**
 * Takes each MAD a channel sent, carries it across the fabric and answers it: the switchboard between channels,
 * {@link SmpRouter} and the nodes' {@link Sma}.
 *
 * <p>Confined to the simulator thread, or to a thread holding the {@link FabricState} monitor (trap emission from
 * fault injection).
 *
 * <p>In detail: docs/design/sim.md#madprocessor.
 */
final class MadProcessor implements LinkControl.TrapSink {

    private static final int CLASS_SUBN_LID = 0x01;
    private static final int CLASS_SUBN_DR = 0x81;
    private static final int CLASS_PERF_MGT = 0x04;
    private static final int CLASS_CC = 0x21;
    private static final int METHOD_TRAP = 0x05;
    private static final int METHOD_TRAP_REPRESS = 0x07;
    private static final int ATTR_NOTICE = 0x0002;
    private static final int TRAP_LINK_STATE_CHANGE = 128;
    private static final int TRAP_LOCAL_CHANGES = 144;
    private static final int TRAP_BAD_M_KEY = 256;
    /** Status returned by {@link #atEndPort} when the MAD needs no SMA answer. */
    private static final int NO_ANSWER = -1;

    private final FabricState s;
    private final SmpRouter router;
    private final Sma sma;
    private final SmaMKey mKeys;
    private final SimPma pma;
    private final CcAgent cc;
    private final MadOutbox out;
    private final SimCounters counters;
    private final LinkControl links;
    private final MadAddress.LidRouted[] smiFrom = new MadAddress.LidRouted[0xC000];
    private long trapTid;

    MadProcessor(FabricState s, LinkControl links, MadOutbox out, SimCounters counters, SmaMKey mKeys, CcAgent cc) {
        this.s = s;
        this.router = new SmpRouter(s);
        this.sma = new Sma(s, links);
        this.mKeys = mKeys;
        this.pma = new SimPma(s);
        this.cc = cc;
        this.out = out;
        this.counters = counters;
        this.links = links;
    }

    /** The end of a batch of MADs: links an SM bounced during it train again ({@link LinkControl#bounce}). */
    void endOfBatch() {
        links.trainBounced();
    }

    /** Processes one MAD that {@code from} sent to {@code to}. */
    void process(SimMadChannel from, MadAddress to, byte[] mad) {
        counters.sent++;
        if (from.isClosed()) {
            counters.dropped++;
            return;
        }
        try {
            route(from, to, mad);
        } finally {
            links.dropBouncing();
        }
    }

    private void route(SimMadChannel from, MadAddress to, byte[] mad) {
        int slot = from.slot();
        if (!s.present[s.portNode[slot]] || MadBytes.baseVersion(mad) != 1) {
            drop(from, mad);
            return;
        }
        int cls = MadBytes.mgmtClass(mad);
        if (cls == CLASS_SUBN_DR && to instanceof MadAddress.DirectedRoute) {
            directed(from, slot, mad);
        } else if (cls != CLASS_SUBN_DR && to instanceof MadAddress.LidRouted lr) {
            lidRouted(from, slot, lr, cls, mad);
        } else {
            drop(from, mad);
        }
    }

    /**
     * A MAD {@code sender} sent cannot be delivered: counted, and handed back to the sender's receiver as a failed
     * send (status 110, ETIMEDOUT), as ibsim does through umad2sim; {@code sender} is null for traps.
     */
    private void drop(SimMadChannel sender, byte[] mad) {
        counters.dropped++;
        if (sender != null) {
            out.sendFailed(sender, mad);
        }
    }

    private void directed(SimMadChannel sender, int slot, byte[] mad) {
        if (Smp.DR_SLID.getInt(mad, 0) != Smp.PERMISSIVE_LID || Smp.DR_DLID.getInt(mad, 0) != Smp.PERMISSIVE_LID) {
            drop(sender, mad);
            return;
        }
        if (MadBytes.isResponse(mad) || Smp.isReturning(mad)) {
            counters.forwarded++;
            deliverTo(sender, router.directedBack(slot, mad), MadAddress.directedRoute(), mad);
            return;
        }
        int end = MadBytes.hopPointer(mad) == 0 ? router.directedOut(slot, mad) : SmpRouter.DROP;
        if (end == SmpRouter.DROP) {
            drop(sender, mad);
            return;
        }
        int status = atEndPort(sender, end, mad, MadAddress.directedRoute());
        if (status == NO_ANSWER) {
            return;
        }
        MadBytes.answer(mad, status, true);
        counters.answered++;
        deliverTo(sender, router.directedBack(end, mad), MadAddress.directedRoute(), mad);
    }

    private void lidRouted(SimMadChannel sender, int slot, MadAddress.LidRouted to, int cls, byte[] mad) {
        int dlid = to.lid();
        int srcLid = s.lid(s.endPort(slot));
        int end = router.lidRoute(slot, dlid);
        if (end == SmpRouter.DROP) {
            drop(sender, mad);
            return;
        }
        if ((cls == CLASS_PERF_MGT || cls == CLASS_CC) && !MadBytes.isResponse(mad)) {
            gsiAgent(sender, slot, end, to, srcLid, cls, mad);
            return;
        }
        if (cls != CLASS_SUBN_LID) {
            if (s.isDownVPortLid(end, dlid)) {
                drop(sender, mad);
                return;
            }
            MadAddress from = new MadAddress.LidRouted(srcLid, MadAddress.QP1, MadAddress.QP1_QKEY, to.sl(),
                    to.pkeyIndex());
            counters.forwarded++;
            deliverTo(sender, end, from, mad);
            return;
        }
        int status = atEndPort(sender, end, mad, smi(srcLid));
        if (status == NO_ANSWER) {
            return;
        }
        MadBytes.answer(mad, status, false);
        counters.answered++;
        int back = router.lidRoute(end, srcLid);
        deliverTo(sender, back == s.endPort(slot) ? back : SmpRouter.DROP, smi(dlid), mad);
    }

    /**
     * A PerfMgt or congestion control request that reached end port {@code end}: the node's PMA or CC agent answers
     * it (a powered node's, unless its firmware is muted), and the GetResp goes back to the requester's LID from the
     * queue pair it was sent to.
     */
    private void gsiAgent(SimMadChannel sender, int slot, int end, MadAddress.LidRouted to, int srcLid, int cls,
                          byte[] mad) {
        if (s.muted[s.portNode[end]]) {
            drop(sender, mad);
            return;
        }
        int status = cls == CLASS_CC ? cc.handle(end, mad) : pma.handle(end, to.qpn(), mad);
        if (status == CcAgent.NO_ANSWER) {
            drop(sender, mad);
            return;
        }
        MadBytes.answer(mad, status, false);
        counters.answered++;
        int back = router.lidRoute(end, srcLid);
        deliverTo(sender, back == s.endPort(slot) ? back : SmpRouter.DROP,
                new MadAddress.LidRouted(to.lid(), to.qpn(), MadAddress.QP1_QKEY, to.sl(), to.pkeyIndex()), mad);
    }

    /** The SMA of the node behind {@code slot} answers a Get or Set in place (no M_Key check); returns the status. */
    int smaHandle(int slot, byte[] mad) {
        return sma.handle(slot, mad);
    }

    /** The performance management agents (faults set their capabilities and redirection). */
    SimPma pma() {
        return pma;
    }

    /**
     * What happens to a request or unsolicited SMP at the end port it reached: the SMA answers Get/Set (returns
     * the status), everything else goes to the channel there, if any.
     */
    private int atEndPort(SimMadChannel sender, int end, byte[] mad, MadAddress from) {
        int method = MadBytes.method(mad);
        int attr = MadBytes.attributeId(mad);
        boolean request = method == Sma.METHOD_GET || method == Sma.METHOD_SET;
        if (attr == Sma.ATTR_SM_INFO || !request) {
            SimMadChannel ch = s.channels[s.endPort(end)];
            if (ch != null) {
                counters.forwarded++;
                out.deliver(ch, from, mad);
                return NO_ANSWER;
            }
            if (method == METHOD_TRAP_REPRESS) {
                counters.trapRepresses++;
                return NO_ANSWER;
            }
            if (MadBytes.isResponse(mad) || method == METHOD_TRAP) {
                drop(sender, mad);
                return NO_ANSWER;
            }
        }
        if (s.muted[s.portNode[end]]) {
            drop(sender, mad);
            return NO_ANSWER;
        }
        int verdict = request ? mKeys.check(end, mad, method == Sma.METHOD_SET) : SmaMKey.PASS;
        if (verdict == SmaMKey.FAIL) {
            counters.mKeyViolations++;
            badMKey(end, mad);
            drop(sender, mad);
            return NO_ANSWER;
        }
        int status = sma.handle(end, mad);
        if (verdict == SmaMKey.PASS_HIDING_KEY && attr == Sma.ATTR_PORT_INFO) {
            SmaMKey.hideKey(mad);
        }
        return status;
    }

    /** Delivers to the channel at end port {@code slot}, or drops ({@code sender} may be null). */
    private void deliverTo(SimMadChannel sender, int slot, MadAddress from, byte[] mad) {
        SimMadChannel ch = slot == SmpRouter.DROP ? null : s.channels[s.endPort(slot)];
        if (ch == null) {
            drop(sender, mad);
            return;
        }
        out.deliver(ch, from, mad);
    }

    /** The cached QP0 address of {@code lid}. */
    private MadAddress smi(int lid) {
        if (lid >= smiFrom.length) {
            return MadAddress.smi(lid);
        }
        MadAddress.LidRouted a = smiFrom[lid];
        if (a == null) {
            a = MadAddress.smi(lid);
            smiFrom[lid] = a;
        }
        return a;
    }

    /**
     * Trap 128 (IBA 14.2.5.1, Notice: generic, urgent, producer switch): switch {@code n} tells its master SM that a
     * link changed state. Sent LID-routed from port 0 to MasterSMLID when the switch has a LID and knows its SM.
     */
    @Override
    public void linkStateChanged(int n) {
        int port0 = s.portBase[n];
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        MadBytes.putU16(details, 0, s.lid(port0));
        sendTrap(port0, Notice.PRODUCER_SWITCH, TRAP_LINK_STATE_CHANGE, details);
    }

    /**
     * Traps 129-131 (IBA 14.2.5.1: local link integrity threshold, excessive buffer overrun, flow control update
     * watchdog; generic, urgent): port {@code port} of node {@code n} reports a problem. DataDetails: 2 reserved
     * bytes, the LID of the reporting end port, the port number. A switch sends from port 0, a CA from the port
     * itself, LID-routed to MasterSMLID.
     *
     * @return false if nothing was sent: the sending end port has no LID or knows no SM
     */
    boolean portProblem(int n, int port, int trapNumber) {
        int from = s.isSwitch[n] ? s.portBase[n] : s.portBase[n] + port;
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        MadBytes.putU16(details, 2, s.lid(from));
        details[4] = (byte) port;
        return sendTrap(from, s.isSwitch[n] ? Notice.PRODUCER_SWITCH : Notice.PRODUCER_CA, trapNumber, details);
    }

    /**
     * Trap 144 (IBA 14.2.5.1, LocalChanges, informational) from the CA or switch port 0 in {@code slot} when its
     * CapabilityMask changed - an SM set or cleared IsSM - as ibsim's SMA and a real HCA's send it. DataDetails: the
     * port's LID at bytes 2-3, the new CapabilityMask at 6-9. Called under the fabric state's monitor.
     */
    void capabilityChanged(int slot) {
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        MadBytes.putU16(details, 2, s.lid(slot));
        long cap = PortInfo.CAPABILITY_MASK.getLong(s.portInfo, FabricState.piOff(slot));
        for (int i = 0; i < 4; i++) {
            details[6 + i] = (byte) (cap >> (24 - 8 * i));
        }
        int n = s.portNode[slot];
        sendTrap(slot, Notice.TYPE_INFORMATIONAL, s.isSwitch[n] ? Notice.PRODUCER_SWITCH : Notice.PRODUCER_CA,
                TRAP_LOCAL_CHANGES, details);
    }

    /**
     * Trap 256 (IBA 14.2.5.1, Bad M_Key; generic, security) from the management port behind {@code slot}, about the
     * SMP {@code mad} that failed its M_Key check. DataDetails: the requester's LID at bytes 2-3 (0: a directed-route
     * SMP has none), DrSLID at 4-5, the method at 6, the attribute ID at 8-9 and modifier at 10-13, the M_Key the
     * SMP presented at 14-21, and for a directed-route SMP the DRNotice bit and hop count at 23 (no return path).
     */
    private void badMKey(int slot, byte[] mad) {
        int from = s.endPort(slot);
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        boolean directed = MadBytes.mgmtClass(mad) == CLASS_SUBN_DR;
        if (directed) {
            MadBytes.putU16(details, 4, Smp.DR_SLID.getInt(mad, 0));
            details[23] = (byte) (0x80 | MadBytes.hopCount(mad) & 0x3F);
        }
        details[6] = (byte) MadBytes.method(mad);
        MadBytes.putU16(details, 8, MadBytes.attributeId(mad));
        long mod = MadBytes.attributeModifier(mad);
        long key = Smp.M_KEY.getLong(mad, 0);
        for (int i = 0; i < 4; i++) {
            details[10 + i] = (byte) (mod >> (24 - 8 * i));
        }
        for (int i = 0; i < 8; i++) {
            details[14 + i] = (byte) (key >> (56 - 8 * i));
        }
        int n = s.portNode[from];
        sendTrap(from, Notice.TYPE_SECURITY, s.isSwitch[n] ? Notice.PRODUCER_SWITCH : Notice.PRODUCER_CA,
                TRAP_BAD_M_KEY, details);
    }

    /**
     * Vendor Trap 1146 (VPort state change, {@code docs/virtualization.md}) from CA port {@code slot}, one of whose
     * vports changed state: DataDetails carry the port's LID. Called under the fabric state's monitor.
     *
     * @return false if nothing was sent: the port has no LID or knows no SM
     */
    boolean vportStateChanged(int slot) {
        int lid = s.lid(slot);
        int smLid = s.masterSmLid(slot);
        if (lid == 0 || smLid == 0) {
            return false;
        }
        sendNotice(slot, VendorTraps.vportStateChange(lid, s.topology.node(s.portNode[slot]).deviceId()), smLid);
        return true;
    }

    /** Sends a generic urgent Trap from end port {@code from} to its MasterSMLID, if it has a LID and an SM. */
    private boolean sendTrap(int from, int producer, int trapNumber, byte[] details) {
        return sendTrap(from, Notice.TYPE_URGENT, producer, trapNumber, details);
    }

    /** Sends a generic Trap of {@code type} from end port {@code from} to its MasterSMLID, if it has both. */
    private boolean sendTrap(int from, int type, int producer, int trapNumber, byte[] details) {
        int lid = s.lid(from);
        int smLid = s.masterSmLid(from);
        if (lid == 0 || smLid == 0) {
            return false;
        }
        sendNotice(from, new Notice(true, type, producer, trapNumber, lid, 0, 0, details), smLid);
        return true;
    }

    /** Sends {@code notice} in a Trap from end port {@code from}, whose LID is its IssuerLID, to {@code smLid}. */
    private void sendNotice(int from, Notice notice, int smLid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, CLASS_SUBN_LID, 1, METHOD_TRAP, 0, 0, ++trapTid, ATTR_NOTICE, 0).encodeTo(mad);
        notice.encodeTo(mad, Smp.DATA_OFFSET);
        counters.traps++;
        deliverTo(null, router.lidRoute(from, smLid), smi(notice.issuerLid()), mad);
    }
}
