package dev.jsm.daemon.trap;

import dev.jsm.conf.MiscOptions;
import dev.jsm.conf.SweepOptions;
import dev.jsm.daemon.link.PortInfoSetter;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.smp.Notice;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.PhysPort;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * OpenSM's answer to ports that keep reporting trouble (traps 129-131,
 * docs/reference/opensm-behaviour.md#traps-and-event-forwarding), applied to the model: a port
 * whose trap is repeated past the suppression threshold is marked unhealthy ({@link PhysPort#setHealthy}), so the
 * next routing leaves the switch-to-switch link it is on out, and one heavy sweep that routes again is requested;
 * {@link PortHealth#WINDOW} after its last such trap the mark ends and another rerouting heavy sweep takes the link
 * back. Both sweeps are requested only with {@code sweep_on_trap}, as in OpenSM (without it the next heavy sweep
 * does the rerouting). With {@code babbling_port_policy}, a port that sent {@link PortHealth#BABBLING_TRAPS} traps
 * in its window is disabled (PortPhysicalState Disabled) - at the end of its link nearer the SM, as OpenSM does,
 * never on the SM's own link - and stays so until an operator enables it; a heavy sweep then drops the link.
 *
 * <p>Confined to the SM thread, except {@link #unhealthyPorts()} and {@link #disabledBabbling()}, which any thread
 * may read. Behavioural counterpart: the port-health part of {@code osm_trap_rcv.c}.
 *
 * <p>In detail: docs/design/daemon.md#porthealthmonitor.
 */
public final class PortHealthMonitor {

    /** DataDetails of traps 129-131: the LID of the reporting end port. */
    static final Field DETAILS_LID = Field.u16("LIDADDR", 2);
    /** DataDetails of traps 129-131: the port that has the problem. */
    static final Field DETAILS_PORT = Field.u8("PORTNO", 4);

    private static final Logger LOG = LogManager.getLogger(PortHealthMonitor.class);

    private final SweepState state;
    private final StageServices services;
    private final MKeyBook mKeys;
    private final RoutingState routes;
    private final LongSupplier clock;
    private final PortHealth health = new PortHealth();
    private final AtomicInteger unhealthyPorts = new AtomicInteger();
    private final AtomicLong disabledBabbling = new AtomicLong();

    /**
     * A monitor acting on {@code state}'s model with {@code services}' SMP sender and options (and telling
     * {@code mKeys} the M_Key a disabled port's answer shows), asking {@code routes} for a reroute when a port's
     * health changes, with {@code clock} (nanoseconds) timing the windows.
     */
    public PortHealthMonitor(SweepState state, StageServices services, MKeyBook mKeys, RoutingState routes,
                             LongSupplier clock) {
        this.state = state;
        this.services = services;
        this.mKeys = mKeys;
        this.routes = routes;
        this.clock = clock;
    }

    /**
     * Handles one trap 129, 130 or 131.
     *
     * @param repeated whether the trap suppression found it repeated
     */
    public void onPortTrap(Notice notice, boolean repeated) {
        long now = clock.getAsLong();
        expire(now);
        int lid = DETAILS_LID.getInt(notice.dataDetails(), 0);
        int portNum = DETAILS_PORT.getInt(notice.dataDetails(), 0);
        PhysPort port = find(lid, portNum);
        if (port == null) {
            LOG.debug("trap {} names LID {} port {}, which the model does not know", notice.trapNumberOrDeviceId(),
                    lid, portNum);
            return;
        }
        boolean babbling = services.options().get(MiscOptions.BABBLING_PORT_POLICY);
        switch (health.onTrap(port, repeated, babbling, now)) {
            case MARKED -> mark(port, notice.trapNumberOrDeviceId());
            case DISABLE -> disable(port);
            case NONE -> { }
        }
    }

    /** Ends the marks whose window ran out (the daemon's timer calls this every second while a port is marked). */
    public void expire() {
        expire(clock.getAsLong());
    }

    /** Ports marked unhealthy now; any thread. */
    public int unhealthyPorts() {
        return unhealthyPorts.get();
    }

    /** Ports disabled by {@code babbling_port_policy} since start; any thread. */
    public long disabledBabbling() {
        return disabledBabbling.get();
    }

    private void expire(long now) {
        List<PhysPort> healthy = health.expire(now);
        if (healthy.isEmpty()) {
            return;
        }
        for (PhysPort port : healthy) {
            port.setHealthy(true);
            LOG.info("SM-0607 port {}: no trap 129-131 for {} s, healthy again", name(port),
                    PortHealth.WINDOW.toSeconds());
        }
        unhealthyPorts.set(health.unhealthyCount());
        rerouteOnTrap(healthy.size() + " port(s) healthy again");
    }

    private void mark(PhysPort port, int trap) {
        port.setHealthy(false);
        unhealthyPorts.set(health.unhealthyCount());
        LOG.warn("SM-0606 port {} keeps sending trap {}: marked unhealthy, routes avoid its link until {} s pass "
                + "without trap 129-131", name(port), trap, PortHealth.WINDOW.toSeconds());
        rerouteOnTrap("port " + port + " unhealthy");
    }

    /** A heavy sweep that routes again, if {@code sweep_on_trap}. */
    private void rerouteOnTrap(String reason) {
        if (services.options().get(SweepOptions.SWEEP_ON_TRAP)) {
            routes.requestReroute();
            services.events().request(SmEvent.HEAVY_SWEEP, reason);
        }
    }

    /**
     * Disables the nearer end of {@code port}'s link. Not disabling (port 0, the SM's own link, no route known) is
     * logged once; a Set that failed lets the next trap try again.
     */
    private void disable(PhysPort port) {
        PhysPort target = nearerEnd(port);
        PhysPort smPort = state.smPort() == null ? null : state.smPort().physPort();
        String traps = health.traps(port) + " traps 129-131 in " + PortHealth.WINDOW.toSeconds() + " s";
        String notDisabled = null;
        if (target.portNum() == 0) {
            notDisabled = "it is a switch's port 0";
        } else if (target == smPort || target.remote() == smPort) {
            notDisabled = "its link is the SM's own";
        } else if (!PortInfoSetter.disable(state, services.smps(), mKeys, target, ok -> disabled(port, target, ok))) {
            notDisabled = "no directed route to " + name(target) + " is known";
        }
        if (notDisabled != null) {
            LOG.error("SM-0609 port {} is babbling ({}), but it is not disabled: {}", name(port), traps, notDisabled);
        } else {
            LOG.error("SM-0608 port {} is babbling ({}): disabling {} (babbling_port_policy)", name(port), traps,
                    target == port ? "it" : "its peer port " + name(target));
        }
    }

    /** The answer to the disable of {@code target} for babbling {@code port}. */
    private void disabled(PhysPort port, PhysPort target, boolean ok) {
        if (ok) {
            disabledBabbling.incrementAndGet();
            services.events().request(SmEvent.HEAVY_SWEEP, "port " + target + " disabled");
        } else {
            health.disableFailed(port);
        }
    }

    /** The end of {@code port}'s link with the shorter directed route from the SM ({@code port} on a tie). */
    private PhysPort nearerEnd(PhysPort port) {
        PhysPort peer = port.remote();
        if (peer == null) {
            return port;
        }
        DrPath here = state.paths().toPort(port);
        DrPath there = state.paths().toPort(peer);
        return here != null && there != null && there.hopCount() < here.hopCount() ? peer : port;
    }

    /** {@code 0x<node guid>[<port>] 'description'} for the log. */
    private String name(PhysPort port) {
        String d = services.nodeName(port.node());
        return d.isEmpty() ? port.toString() : port + " '" + d + "'";
    }

    private PhysPort find(int lid, int portNum) {
        EndPort ep = state.subnet().endPortByLid(lid);
        if (ep == null) {
            return null;
        }
        return ep.node().port(portNum);
    }
}
