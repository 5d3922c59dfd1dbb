package dev.jsm.daemon.virt;

import dev.jsm.daemon.discovery.FabricChanges;

import dev.jsm.conf.MiscOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.VNodeDescription;
import dev.jsm.mad.smp.VNodeInfo;
import dev.jsm.mad.smp.VPortInfo;
import dev.jsm.mad.smp.VPortState;
import dev.jsm.mad.smp.VirtualizationInfo;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VNodeAttributes;
import dev.jsm.subnet.VPort;
import dev.jsm.subnet.VPortAttributes;
import dev.jsm.subnet.VirtualizationAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Discovers the virtual ports of the CA ports that support virtualization (PortInfo.CapabilityMask2
 * IsVirtualizationSupported), as NVIDIA's virtualization manager does (docs/virtualization.md): per port a
 * VirtualizationInfo Get, a Set of VirtualizationEnable as {@code virt_enabled} asks (1: off, 2: on) that also clears
 * VPortStateChange, the VPortState blocks up to VPortIndexTop, then VPortInfo of every vport whose state the SM does
 * not know yet, and VNodeInfo and VNodeDescription of the vports it did not know. The vports go into the model
 * ({@link Subnet#addVPort}); those beyond VPortIndexTop, or whose GUID changed, leave it.
 *
 * <p>New ports report {@code port_virt_discover} (activity 6) and vports whose state changed
 * {@code vport_state_change} (activity 7). Confined to the SM thread, but for the counter.
 *
 * <p>In detail: docs/design/daemon.md#vportdiscovery.
 */
public final class VPortDiscovery implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(VPortDiscovery.class);

    /** {@code virt_enabled}: leave virtualization as the ports have it. */
    static final int VIRT_IGNORE = 0;
    /** {@code virt_enabled}: switch virtualization off on every port that supports it. */
    static final int VIRT_DISABLE = 1;

    private final StageServices services;
    private final FabricChanges changes;
    private final boolean everyPort;
    private final AtomicLong malformed;
    private final Deque<EndPort> queue = new ArrayDeque<>();
    private int inWork;
    private int portsRead;
    private int vportsRead;

    /**
     * @param services the SMP sender, the options and the activity report
     * @param changes the ports the light sweep found flagged (drained here)
     * @param everyPort true for the heavy sweep's stage (every port), false for the incremental sweep's
     * @param malformed the count of malformed vport answers, shared by the daemon's two discovery stages
     */
    public VPortDiscovery(StageServices services, FabricChanges changes, boolean everyPort, AtomicLong malformed) {
        this.services = services;
        this.changes = changes;
        this.everyPort = everyPort;
        this.malformed = malformed;
    }

    @Override
    public String name() {
        return everyPort ? "vport-discovery" : "vport-delta-discovery";
    }

    @Override
    public StageOutcome run(SweepState state) {
        queue.clear();
        inWork = 0;
        portsRead = 0;
        vportsRead = 0;
        Subnet subnet = state.subnet();
        Set<Long> flagged = changes.drainVPorts();
        int mode = services.options().getInt(MiscOptions.VIRT_ENABLED);
        for (EndPort ep : new ArrayList<>(subnet.endPorts())) {
            if (ep.node().kind() != NodeKind.CA) {
                continue;
            }
            boolean capable = (ep.physPort().attributes().capabilityMask2()
                    & PortInfo.CAP2_IS_VIRTUALIZATION_SUPPORTED) != 0 && ep.physPort().attributes().isUp();
            if (!capable || mode == VIRT_IGNORE) {
                forget(subnet, ep);
                continue;
            }
            if (everyPort || ep.virtualization() == null || flagged.contains(ep.portGuid())) {
                queue.add(ep);
            }
        }
        int limit = services.options().getInt(MiscOptions.VIRT_MAX_PORTS_IN_PROCESS);
        int first = limit == 0 ? queue.size() : Math.min(limit, queue.size());
        for (int i = 0; i < first; i++) {
            startNext(state, mode);
        }
        return StageOutcome.CONTINUE;
    }

    @Override
    public StageOutcome finish(SweepState state) {
        if (portsRead > 0) {
            LOG.log(LogLevels.VERBOSE, "VPORT DISCOVERY: {} ports, {} vports read, {} malformed answers so far",
                    portsRead, vportsRead, malformed.get());
        }
        return StageOutcome.CONTINUE;
    }

    /** Takes the port's vports out of the model: it supports no virtualization, or the SM ignores it. */
    private static void forget(Subnet subnet, EndPort ep) {
        for (VPort v : ep.vports()) {
            subnet.removeVPort(v);
        }
        ep.setVirtualization(null);
    }

    /** Starts the next queued port, if any; a port's last answer starts the one after it. */
    private void startNext(SweepState state, int mode) {
        EndPort ep = queue.poll();
        if (ep == null) {
            return;
        }
        DrPath path = state.paths().toPort(ep.physPort());
        if (path == null) {
            startNext(state, mode);
            return;
        }
        inWork++;
        new PortRun(state, ep, path, mode).start();
    }

    /** The MADs of one port, counted so that the port's last answer starts the next queued port. */
    private final class PortRun {

        private final SweepState state;
        private final EndPort ep;
        private final DrPath path;
        private final int mode;
        private final SmpSender smps = services.smps();
        private int pending;
        private boolean first;

        PortRun(SweepState state, EndPort ep, DrPath path, int mode) {
            this.state = state;
            this.ep = ep;
            this.path = path;
            this.mode = mode;
        }

        void start() {
            first = ep.virtualization() == null;
            get(AttributeId.VIRTUALIZATION_INFO, VirtualizationInfo.MODIFIER, mad -> {
                VirtualizationInfo vi = VirtualizationInfo.decode(mad, Smp.DATA_OFFSET);
                VirtualizationInfo wanted = new VirtualizationInfo(vi.vportCap(), vi.vportIndexTop(),
                        mode == VIRT_DISABLE ? 0 : 1, 0, 1, vi.virtualizationRevision(), vi.capabilityMask());
                set(AttributeId.VIRTUALIZATION_INFO, VirtualizationInfo.MODIFIER, wanted::encodeTo,
                        this::virtualizationSet);
            });
        }

        private void virtualizationSet(byte[] mad) {
            VirtualizationInfo vi = VirtualizationInfo.decode(mad, Smp.DATA_OFFSET);
            VirtualizationAttributes before = ep.virtualization();
            ep.setVirtualization(new VirtualizationAttributes(vi.vportCap(), vi.vportIndexTop(), vi.enabled(),
                    vi.stateChanged(), vi.virtualizationRevision()));
            if (!vi.enabled()) {
                for (VPort v : ep.vports()) {
                    state.subnet().removeVPort(v);
                }
                return;
            }
            if (first || before.vportIndexTop() != vi.vportIndexTop()) {
                services.activity().portVirtDiscover(ep.portGuid(), vi.vportIndexTop());
            }
            portsRead++;
            int top = Math.min(vi.vportIndexTop(), VPortInfo.MAX_INDEX);
            for (VPort v : ep.vports()) {
                if (v.index() > top) {
                    LOG.log(LogLevels.VERBOSE, "{} gone: VPortIndexTop is now {}", v, top);
                    state.subnet().removeVPort(v);
                }
            }
            for (int block = 0; block <= top / VPortState.ENTRIES; block++) {
                int base = block * VPortState.ENTRIES;
                get(AttributeId.VPORT_STATE, VPortState.modifier(block), m -> {
                    VPortState states = VPortState.decode(m, Smp.DATA_OFFSET);
                    for (int i = 0; i < VPortState.ENTRIES && base + i <= top; i++) {
                        VPort known = ep.vport(base + i);
                        if (known == null || known.attributes().state() != states.state(i)) {
                            readVPort(base + i);
                        }
                    }
                });
            }
        }

        private void readVPort(int index) {
            get(AttributeId.VPORT_INFO, VPortInfo.modifier(index), mad -> {
                VPortInfo info = VPortInfo.decode(mad, Smp.DATA_OFFSET);
                vportsRead++;
                VPortAttributes attrs = VPortInfos.attributes(info);
                VPort known = ep.vport(index);
                if (known != null && known.guid() != info.vportGuid()) {
                    state.subnet().removeVPort(known);
                    known = null;
                }
                if (known != null) {
                    if (known.attributes().state() != attrs.state()) {
                        report(known, attrs.state());
                    }
                    known.setAttributes(attrs);
                    return;
                }
                VPort added;
                try {
                    added = state.subnet().addVPort(ep, index, info.vportGuid(), attrs);
                } catch (IllegalArgumentException e) {
                    malformed.incrementAndGet();
                    LOG.error("VIRT-1201 malformed VPortInfo of vport {} of {} '{}': {}; vport left out", index,
                            Guid.toString(ep.portGuid()), services.nodeName(ep.node()), e.getMessage());
                    return;
                }
                get(AttributeId.VNODE_INFO, VNodeInfo.modifier(index), m -> {
                    VNodeInfo vn = VNodeInfo.decode(m, Smp.DATA_OFFSET);
                    added.setVNode(new VNodeAttributes(vn.vpartitionCap(), vn.vlocalPortNum(), vn.vnumPorts(),
                            vn.vnodeGuid()));
                    report(added, attrs.state());
                });
                get(AttributeId.VNODE_DESCRIPTION, VNodeDescription.modifier(index),
                        m -> added.setDescription(VNodeDescription.decode(m, Smp.DATA_OFFSET).description()));
            });
        }

        private void report(VPort v, int newState) {
            services.activity().vportStateChange(ep.portGuid(), v.guid(), v.index(), v.vnode().nodeGuid(), newState);
        }

        private void get(AttributeId attr, long modifier, Consumer<byte[]> onOk) {
            pending++;
            smps.get(path, attr, modifier, outcome -> answered(attr, modifier, outcome, onOk));
        }

        private void set(AttributeId attr, long modifier, SmpSender.Payload payload, Consumer<byte[]> onOk) {
            pending++;
            smps.set(path, attr, modifier, payload, outcome -> answered(attr, modifier, outcome, onOk));
        }

        private void answered(AttributeId attr, long modifier, TransactionOutcome outcome, Consumer<byte[]> onOk) {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null) {
                try {
                    onOk.accept(mad);
                } catch (IllegalArgumentException e) {
                    malformed.incrementAndGet();
                    LOG.error("VIRT-1202 malformed {} (modifier 0x{}) from {} '{}': {}", attr.name(),
                            Long.toHexString(modifier), Guid.toString(ep.portGuid()), services.nodeName(ep.node()),
                            e.getMessage());
                }
            } else if (!Replies.isClosed(outcome)) {
                state.recordError();
                LOG.error("VIRT-1203 {} (modifier 0x{}) of {} '{}' failed: {}", attr.name(),
                        Long.toHexString(modifier), Guid.toString(ep.portGuid()), services.nodeName(ep.node()),
                        Replies.failure(outcome));
            }
            if (--pending == 0) {
                inWork--;
                startNext(state, mode);
            }
        }
    }
}
