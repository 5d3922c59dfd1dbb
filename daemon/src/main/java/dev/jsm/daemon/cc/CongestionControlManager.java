package dev.jsm.daemon.cc;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.Requester;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The congestion control manager ({@code docs/congestion-control.md#what-opensm-3323-does}), a stage after the
 * ports are ACTIVE and before SUBNET UP: with {@code congestion_control} on it walks the sweep's end ports in port
 * GUID order and Sets, LID-routed with the CC_Key {@code cc_key}, SwitchCongestionSetting on every switch, and
 * CACongestionSetting and each CongestionControlTable block on every CA port - only those that differ from what the
 * device answered to the last Set of them ({@link CcPort}). A port found in Init (its link retrained) or on a switch
 * that rebooted, and every port after this SM took over as master, is written again whatever it held. Routers get
 * nothing.
 *
 * <p>Confined to the SM thread, but for {@link #computeOffSmThread} (the wait, on the sweep's loop thread) and
 * {@link #stats} (any thread).
 *
 * <p>Runs on the SM thread; the outcomes of its Sets are handled there too.
 *
 * <p>In detail: docs/design/daemon.md#congestioncontrolmanager.
 */
public final class CongestionControlManager implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(CongestionControlManager.class);
    /** Status bits whose presence marks a port unable to do congestion control (OpenSM's bitwise test). */
    private static final int UNSUPPORTED_BITS = 0x000C;
    /** The errno of a MAD the kernel (or umad2sim, or the simulator) hands back unanswered. */
    private static final int ETIMEDOUT = 110;

    private final StageServices services;
    private final Requester requests;
    private final BooleanSupplier master;
    private final Map<Long, CcPort> ports = new HashMap<>();
    private volatile CcRound round;
    private int sendFailures;
    private long sets;
    private long answered;
    private long answeredOtherwise;
    private long refused;
    private long timeouts;
    private long failures;
    private long garbage;
    private int unavailable;
    private volatile CcStats stats = new CcStats(0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * @param services the options ({@code congestion_control}, {@code cc_*}) and node names
     * @param requests the manager's own requester (its outcomes handed to the SM thread)
     * @param master whether this SM is master now
     */
    public CongestionControlManager(StageServices services, Requester requests, BooleanSupplier master) {
        this.services = services;
        this.requests = requests;
        this.master = master;
    }

    @Override
    public String name() {
        return "congestion-control";
    }

    /** Forgets what every port holds: after a takeover, the next sweep writes everything again (OpenSM too). */
    public void forgetHeld() {
        ports.values().forEach(CcPort::forgetHeld);
    }

    /** The counters since start; any thread. */
    public CcStats stats() {
        return stats;
    }

    @Override
    public StageOutcome run(SweepState state) {
        round = null;
        sendFailures = 0;
        CcSettings settings = CcSettings.of(services.options());
        if (!settings.enabled() || !master.getAsBoolean()) {
            return StageOutcome.CONTINUE;
        }
        List<CcRound.Set> todo = plan(state.snapshot(), settings);
        sets += todo.size();
        publish();
        CcRound r = new CcRound(requests, settings.maxOutstanding(), todo, this::judge);
        round = r;
        r.start();
        return StageOutcome.CONTINUE;
    }

    /** Waits, on the sweep's loop thread, until every Set of this sweep has its outcome. */
    @Override
    public Runnable computeOffSmThread(SweepState state) {
        CcRound r = round;
        if (r != null) {
            try {
                r.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return null;
    }

    /** Counts each Set the transport could not send as an error of the sweep (OpenSM's too). */
    @Override
    public StageOutcome finish(SweepState state) {
        for (int i = 0; i < sendFailures; i++) {
            state.recordError();
        }
        round = null;
        return StageOutcome.CONTINUE;
    }

    /** The Sets this sweep needs, in port GUID order; forgets the ports gone and what retrained ports held. */
    private List<CcRound.Set> plan(SubnetSnapshot snapshot, CcSettings settings) {
        List<EndPortView> endPorts = new ArrayList<>(snapshot.endPorts());
        endPorts.sort(Comparator.comparing(EndPortView::portGuid, Long::compareUnsigned));
        Set<Long> present = new HashSet<>();
        List<CcRound.Set> todo = new ArrayList<>();
        int switches = 0;
        int cas = 0;
        for (EndPortView ep : endPorts) {
            if (ep.kind() == NodeKind.ROUTER || !ep.hasLids()) {
                continue;
            }
            present.add(ep.portGuid());
            NodeView node = snapshot.nodes().get(ep.nodeIndex());
            PortView port = snapshot.portOf(ep);
            CcPort p = ports.computeIfAbsent(ep.portGuid(), g -> new CcPort(describe(node, port, ep)));
            if (retrained(snapshot, node, port)) {
                p.forgetHeld();
            }
            if (p.unavailable) {
                continue;
            }
            int lid = ep.lidRange().base();
            int before = todo.size();
            if (ep.kind() == NodeKind.SWITCH) {
                if (!settings.switchSetting().equals(p.switchSetting)) {
                    todo.add(set(p, lid, CongestionControl.SWITCH_CONGESTION_SETTING, 0, settings,
                            mad -> settings.switchSetting().encodeTo(mad, CongestionControl.DATA_OFFSET)));
                }
            } else {
                if (!settings.caSetting().equals(p.caSetting)) {
                    todo.add(set(p, lid, CongestionControl.CA_CONGESTION_SETTING, 0, settings,
                            mad -> settings.caSetting().encodeTo(mad, CongestionControl.DATA_OFFSET)));
                }
                List<CongestionControlTable> blocks = settings.tableBlocks();
                for (int b = 0; b < blocks.size(); b++) {
                    CongestionControlTable block = blocks.get(b);
                    if (!block.equals(p.tableBlocks.get(b))) {
                        todo.add(set(p, lid, CongestionControl.CONGESTION_CONTROL_TABLE, b, settings,
                                mad -> block.encodeTo(mad, CongestionControl.DATA_OFFSET)));
                    }
                }
            }
            if (todo.size() > before) {
                if (ep.kind() == NodeKind.SWITCH) {
                    switches++;
                } else {
                    cas++;
                }
            }
        }
        ports.keySet().retainAll(present);
        unavailable = (int) ports.values().stream().filter(p -> p.unavailable).count();
        LOG.log(LogLevels.VERBOSE, "CONG-0101 congestion control: {} Sets to {} switches and {} CA ports ({} ports "
                + "left alone)", todo.size(), switches, cas, unavailable);
        return todo;
    }

    private static CcRound.Set set(CcPort port, int lid, int attributeId, long modifier, CcSettings settings,
                                   Consumer<byte[]> data) {
        byte[] mad = CongestionControl.request(Method.SET.value(), attributeId, modifier, 0, settings.ccKey());
        data.accept(mad);
        return new CcRound.Set(port, new OutboundMad(MadAddress.gsi(lid, 0, 0), mad, MadHeader.MAD_SIZE));
    }

    /**
     * Whether the port may have lost its settings since the last sweep: it was in Init when discovery found it, or
     * it is a switch's port 0 and every cabled external port of the switch was (the switch rebooted).
     */
    private static boolean retrained(SubnetSnapshot snapshot, NodeView node, PortView port) {
        if (!node.isSwitch()) {
            return port.attributes().portState() == PortAttributes.STATE_INIT;
        }
        int linked = 0;
        for (PortView p : snapshot.portsOf(node)) {
            if (p.portNum() == 0 || p.peerIndex() < 0) {
                continue;
            }
            linked++;
            if (p.attributes().portState() != PortAttributes.STATE_INIT) {
                return false;
            }
        }
        return linked > 0;
    }

    /** Handles the outcome of one Set; SM thread. */
    private void judge(CcRound.Set set, TransactionOutcome outcome) {
        CcPort p = set.port();
        OutboundMad request = set.mad();
        String what = attributeName(request.attributeId(), request.attributeModifier());
        if (outcome instanceof TransactionOutcome.Response r) {
            p.timeouts = 0;
            String wrong = notItsAnswer(request, r);
            int status = r.status().value();
            if (wrong != null) {
                garbage++;
                LOG.error("CONG-0105 {}: the answer to its {} Set is {}: ignored", p.name, what, wrong);
            } else if (status == 0) {
                answered++;
                markUnavailable(p, false);
                if (!keep(p, request, r.mad())) {
                    answeredOtherwise++;
                    LOG.log(LogLevels.VERBOSE, "CONG-0106 {} holds other values than its {} Set wrote: written again"
                            + " at the next sweep", p.name, what);
                }
            } else if ((status & UNSUPPORTED_BITS) != 0) {
                refused++;
                markUnavailable(p, true);
                LOG.warn("CONG-0102 {} answered its {} Set with status 0x{}: no congestion control there, no more "
                        + "Sets to it", p.name, what, String.format("%04x", status));
            } else {
                refused++;
                LOG.info("CONG-0103 {} answered its {} Set with status 0x{}: written again at the next sweep",
                        p.name, what, String.format("%04x", status));
            }
        } else if (outcome instanceof TransactionOutcome.TimedOut
                || outcome instanceof TransactionOutcome.SendFailed f && f.status() == ETIMEDOUT) {
            timeouts++;
            if (p.timeouts == 0) {
                LOG.error("CONG-0104 {}: no answer to its {} Set", p.name, what);
            }
            p.timeouts++;
            if (p.timeouts > CcPort.TIMEOUT_THRESHOLD && !p.unavailable) {
                markUnavailable(p, true);
                LOG.warn("CONG-0107 {}: more than {} timeouts in a row: no more Sets to it", p.name,
                        CcPort.TIMEOUT_THRESHOLD);
            }
        } else if (outcome instanceof TransactionOutcome.SendFailed f) {
            failures++;
            sendFailures++;
            LOG.error("CONG-0108 {}: its {} Set could not be sent: {}", p.name, what, f.reason());
        } else {
            LOG.debug("{}: its {} Set dropped, the SM stops", p.name, what);
        }
        publish();
    }

    /**
     * Keeps what the answer says the port holds now; false if that is not what the Set wrote (the device's, kept
     * anyway, as OpenSM keeps it).
     */
    private static boolean keep(CcPort p, OutboundMad request, byte[] answer) {
        int d = CongestionControl.DATA_OFFSET;
        byte[] sent = request.mad();
        return switch (request.attributeId()) {
            case CongestionControl.SWITCH_CONGESTION_SETTING -> {
                p.switchSetting = SwitchCongestionSetting.decode(answer, d);
                yield p.switchSetting.equals(SwitchCongestionSetting.decode(sent, d));
            }
            case CongestionControl.CA_CONGESTION_SETTING -> {
                p.caSetting = CaCongestionSetting.decode(answer, d);
                yield p.caSetting.equals(CaCongestionSetting.decode(sent, d));
            }
            default -> {
                CongestionControlTable block = CongestionControlTable.decode(answer, d);
                p.tableBlocks.put((int) request.attributeModifier(), block);
                yield block.equals(CongestionControlTable.decode(sent, d));
            }
        };
    }

    /** Why {@code r} is not the answer to {@code request}, or null if it is. */
    private static String notItsAnswer(OutboundMad request, TransactionOutcome.Response r) {
        byte[] mad = r.mad();
        if (r.length() < MadHeader.MAD_SIZE) {
            return "a MAD of " + r.length() + " bytes";
        }
        MadHeader h = MadHeader.decode(mad);
        if (h.mgmtClass() != MgmtClass.CC.value() || h.classVersion() != CongestionControl.CLASS_VERSION
                || h.method() != Method.GET_RESP.value()) {
            return String.format("class 0x%02x version %d method 0x%02x", h.mgmtClass(), h.classVersion(),
                    h.method());
        }
        if (h.attributeId() != request.attributeId() || h.attributeModifier() != request.attributeModifier()) {
            return "of " + attributeName(h.attributeId(), h.attributeModifier());
        }
        return null;
    }

    private static String attributeName(int attributeId, long modifier) {
        return switch (attributeId) {
            case CongestionControl.SWITCH_CONGESTION_SETTING -> "SwitchCongestionSetting";
            case CongestionControl.CA_CONGESTION_SETTING -> "CACongestionSetting";
            case CongestionControl.CONGESTION_CONTROL_TABLE -> "CongestionControlTable block " + modifier;
            default -> String.format("attribute 0x%04x modifier 0x%x", attributeId, modifier);
        };
    }

    /** "switch 0x... 'leaf-0'" or "CA 0x... 'host-0' port 1", with the port's GUID and LID. */
    private String describe(NodeView node, PortView port, EndPortView ep) {
        String name = services.nodeNames().name(node.nodeGuid(), node.description());
        String quoted = name.isEmpty() ? "" : " '" + name + "'";
        return node.isSwitch() ? "switch " + Guid.toString(node.nodeGuid()) + quoted
                : "CA " + Guid.toString(node.nodeGuid()) + quoted + " port " + port.portNum() + " (GUID "
                + Guid.toString(ep.portGuid()) + ")";
    }

    private void markUnavailable(CcPort p, boolean now) {
        if (p.unavailable != now) {
            p.unavailable = now;
            unavailable += now ? 1 : -1;
        }
    }

    private void publish() {
        stats = new CcStats(sets, answered, answeredOtherwise, refused, timeouts, failures, garbage, unavailable);
    }
}
