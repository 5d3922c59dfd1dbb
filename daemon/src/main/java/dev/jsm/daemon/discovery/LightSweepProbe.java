package dev.jsm.daemon.discovery;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The light sweep (docs/reference/opensm-behaviour.md#heavy-and-light-sweeps): a SwitchInfo Get to every switch,
 * and an SMInfo Get to every other SM known
 * ({@link OtherSms}). PortStateChange set on a switch records that switch in {@link FabricChanges}, for an
 * incremental sweep that probes only the region behind it, as does a switch that does not answer (its route may
 * cross a cable now gone; the incremental sweep tries it again by a new route); another SM that now calls for an
 * election records that only a full heavy sweep can tell.
 *
 * <p>Confined to the SM thread.
 *
 * <p>In detail: docs/design/daemon.md#lightsweepprobe.
 */
public final class LightSweepProbe implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(LightSweepProbe.class);

    private final StageServices services;
    private final List<String> changes = new ArrayList<>();
    private int probed;
    private int unknownRemotes;
    /** GUIDs of unknown remotes that caused a sweep, and whether the "not added" warning was given. */
    private final Map<Long, Boolean> swept = new HashMap<>();
    /** GUIDs of unknown remotes that answered in this light sweep. */
    private final Set<Long> answering = new HashSet<>();

    private final OtherSms otherSms;
    private final FabricChanges fabricChanges;
    private final boolean requestsSweep;
    private final MKeyBook mKeys;

    /**
     * @param services the SMP sender, the events, the options and the node names
     * @param otherSms the other SMs, asked again at every light sweep
     * @param fabricChanges where the changes found are recorded
     * @param requestsSweep whether a change found asks for the sweep that follows (the timer's light sweep), or
     *     only is recorded (the check before a reconfiguration)
     * @param mKeys whether M_Key management is active
     */
    public LightSweepProbe(StageServices services, OtherSms otherSms, FabricChanges fabricChanges,
                           boolean requestsSweep, MKeyBook mKeys) {
        this.services = services;
        this.otherSms = otherSms;
        this.fabricChanges = fabricChanges;
        this.requestsSweep = requestsSweep;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "light-sweep";
    }

    @Override
    public StageOutcome run(SweepState state) {
        changes.clear();
        answering.clear();
        probed = 0;
        unknownRemotes = 0;
        otherSms.lightSweep(what -> {
            changes.add(what);
            fabricChanges.fullSweepNeeded();
        });
        EndPort sm = state.smPort();
        Node smNode = sm == null ? null : sm.node();
        boolean refreshLeases = refreshesLeases(state);
        for (Node node : state.subnet().nodes()) {
            if (refreshLeases && !node.isSwitch()) {
                refreshLeases(state, node);
            }
            DrPath path = node.isSwitch() || node == smNode ? state.paths().toNode(node) : null;
            if (path == null) {
                continue;
            }
            for (PhysPort port : node.ports()) {
                if (port.portNum() > 0 && port.link() == null && port.attributes().isUp()
                        && (node.isSwitch() || port == sm.physPort())) {
                    probeUnknownRemote(state, port, path.extend(port.portNum()));
                }
            }
            if (!node.isSwitch()) {
                continue;
            }
            probed++;
            services.smps().get(path, AttributeId.SWITCH_INFO, 0, outcome -> {
                byte[] mad = Replies.okMad(outcome);
                if (mad == null) {
                    if (!Replies.isClosed(outcome)) {
                        changes.add("switch " + node + " did not answer SwitchInfo (" + Replies.failure(outcome)
                                + ")");
                        fabricChanges.switchUnreached(node.nodeGuid());
                    }
                } else if (SwitchInfo.PORT_STATE_CHANGE.getInt(mad, Smp.DATA_OFFSET) != 0) {
                    changes.add("PortStateChange on " + node + " '" + services.nodeName(node) + "'");
                    fabricChanges.switchChanged(node.nodeGuid());
                }
            });
        }
        return StageOutcome.CONTINUE;
    }

    /** Whether M_Key protection with a lease is in effect: {@code m_key} set, protection and lease not 0. */
    private boolean refreshesLeases(SweepState state) {
        return mKeys.active() && services.options().getInt(DeviceOptions.M_KEY_PROTECTION_LEVEL) > 0
                && services.options().getInt(DeviceOptions.M_KEY_LEASE_PERIOD) > 0;
    }

    /**
     * Sends a NodeInfo Get, presenting its M_Key, to every port of CA or router {@code node} that has LIDs: a lease
     * countdown an SMP with a wrong key started there stops (IBA 14.2.4.2) before it can run out, since the lease is
     * longer than the sweep interval. The answers are not looked at (the heavy sweep judges the ports).
     */
    private void refreshLeases(SweepState state, Node node) {
        for (PhysPort port : node.ports()) {
            DrPath path = port.endPort() != null && port.endPort().hasLids() ? state.paths().toPort(port) : null;
            if (path != null) {
                services.smps().get(path, AttributeId.NODE_INFO, 0, outcome -> { });
            }
        }
    }

    /**
     * Asks the node behind {@code port}, which is up but leads nowhere in the model, for its NodeInfo. A node that
     * already caused a sweep and still is not in the model (the sweep refused it, e.g. for a duplicate GUID) is
     * reported once and does not cause another: no sweep every light sweep.
     */
    private void probeUnknownRemote(SweepState state, PhysPort port, DrPath path) {
        unknownRemotes++;
        services.smps().get(path, AttributeId.NODE_INFO, 0, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad == null) {
                return;
            }
            long guid = NodeInfo.decode(mad, Smp.DATA_OFFSET).nodeGuid();
            String what = "node 0x" + Long.toHexString(guid) + " answers behind port " + port.portNum() + " of "
                    + port.node() + " '" + services.nodeName(port.node()) + "'";
            answering.add(guid);
            Boolean warned = swept.get(guid);
            if (warned == null) {
                changes.add(what);
                swept.put(guid, false);
                if (port.node().isSwitch()) {
                    fabricChanges.switchChanged(port.node().nodeGuid());
                } else {
                    fabricChanges.fullSweepNeeded();
                }
            } else if (!warned) {
                LOG.warn("SM-0610 {}, but the sweep it caused did not add it; not sweeping again for it", what);
                swept.put(guid, true);
            }
        });
    }

    @Override
    public StageOutcome finish(SweepState state) {
        swept.keySet().retainAll(answering);
        if (changes.isEmpty()) {
            LOG.log(LogLevels.VERBOSE, "LIGHT SWEEP COMPLETE: {} switches, no change{}", probed,
                    unknownRemotes == 0 ? "" : "; " + unknownRemotes + " ports up toward nodes that do not answer");
            return StageOutcome.CONTINUE;
        }
        String first = changes.get(0) + (changes.size() > 1 ? " and " + (changes.size() - 1) + " more" : "");
        if (!requestsSweep) {
            LOG.info("check: {}", first);
            return StageOutcome.CONTINUE;
        }
        boolean full = fabricChanges.isFullSweepNeeded();
        LOG.info("light sweep: {}; {} sweep requested", first, full ? "heavy" : "incremental");
        services.events().request(full ? SmEvent.HEAVY_SWEEP : SmEvent.INCREMENTAL_SWEEP, "light sweep: " + first);
        return StageOutcome.CONTINUE;
    }
}
