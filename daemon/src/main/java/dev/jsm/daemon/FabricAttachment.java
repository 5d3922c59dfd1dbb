package dev.jsm.daemon;

import dev.jsm.conf.SmOptions;
import dev.jsm.conf.TimingOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.perf.PerfMgt;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.umad.SmPortChoice;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.mad.umad.UmadDevices;
import dev.jsm.mad.umad.UmadException;
import dev.jsm.mad.umad.UmadPort;
import dev.jsm.sa.agent.SaAgent;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyParseException;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Guid;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The SM's way onto the fabric: a real port through libibumad (the port of {@code -g GUID}, else the one
 * {@link SmPortChoice} picks among the InfiniBand ports, logged with its reason; the SMI and SA agents, a PerfMgt
 * client agent for the performance manager and a congestion control client agent, class 0x21 version 2, for
 * {@code congestion_control}), with the port's {@code issm} device held open so the port announces an SM (IsSM), or
 * the in-JVM simulator loaded from {@code --sim-topology FILE|SHAPE} with the SM on the first host's port 1. The
 * channel it hands out is a {@link MovableChannel}: {@link #localPorts()} lets {@link SmPortFailover} move the SM to
 * another local port (a new channel and the IsSM bit there) under the daemon's parts.
 *
 * <p>Thread-safe: the issm bookkeeping is guarded by this object; the channel is thread-safe.
 */
public final class FabricAttachment implements AutoCloseable {

    /** How long a shutdown waits for the issm device's close. */
    static final long ISSM_CLOSE_WAIT_MS = 2000;
    private static final Logger LOG = LogManager.getLogger(FabricAttachment.class);

    private final MovableChannel channel;
    private final SimFabric sim;
    /** The simulated fabric's node the SM runs on; -1 on a real port. */
    private final int simHost;
    /** How a channel on another local port is opened; null on the simulator. */
    private final UmadChannel.Options umadOptions;
    private IssmDevice issm;
    private boolean issmClosed;
    private final String description;
    /** What became of the issm device, for the log; null on the simulator. */
    private final String issmNote;
    /** Which port was chosen and why, for the log; null when {@code -g} named it or on the simulator. */
    private final String choiceNote;

    private FabricAttachment(MadChannel channel, SimFabric sim, int simHost, UmadChannel.Options umadOptions,
            IssmDevice issm, String description, String issmNote, String choiceNote) {
        this.channel = new MovableChannel(channel);
        this.sim = sim;
        this.simHost = simHost;
        this.umadOptions = umadOptions;
        this.issm = issm;
        this.description = description;
        this.issmNote = issmNote;
        this.choiceNote = choiceNote;
    }

    /**
     * Loads a fabric into the simulator and attaches to port 1 of its first CA.
     *
     * @throws StartupException ({@link ExitCode#SIM_TOPOLOGY}) if the fabric cannot be loaded or has no CA
     */
    public static FabricAttachment simulated(String fileOrShape) throws StartupException {
        Topology topology = loadTopology(fileOrShape);
        int host = -1;
        for (int i = 0; i < topology.nodeCount() && host < 0; i++) {
            if (topology.node(i).kind() == NodeKind.CA) {
                host = i;
            }
        }
        if (host < 0) {
            throw new StartupException(ExitCode.SIM_TOPOLOGY, "--sim-topology " + fileOrShape
                    + ": the fabric has no CA for the SM to run on");
        }
        SimFabric fabric = new SimFabric(topology);
        SimMadChannel ch = fabric.openChannel(host, 1);
        ch.setIsSm(true);
        return new FabricAttachment(ch, fabric, host, null, null, "simulated fabric " + fileOrShape + " ("
                + topology.nodeCount() + " nodes), SM on '" + topology.node(host).description() + "' port 1", null,
                null);
    }

    /**
     * Loads {@code topology} into the simulator and attaches to {@code port} of node {@code host}: the live plan's
     * copy of the daemon's fabric, with the SM where the daemon's is.
     */
    static FabricAttachment simulated(Topology topology, int host, int port, String label) {
        SimFabric fabric = new SimFabric(topology);
        SimMadChannel ch = fabric.openChannel(host, port);
        ch.setIsSm(true);
        return new FabricAttachment(ch, fabric, host, null, null, label + " (" + topology.nodeCount()
                + " nodes), SM on '" + topology.node(host).description() + "' port " + port, null, null);
    }

    /**
     * The fabric {@code --sim-topology} names: a topology file (ibsim net or ibnetdiscover format) or a shape string.
     *
     * @throws StartupException ({@link ExitCode#SIM_TOPOLOGY}) with the file's line and what was wrong
     */
    public static Topology loadTopology(String fileOrShape) throws StartupException {
        try {
            return TopologyShapes.load(fileOrShape);
        } catch (TopologyParseException | IllegalArgumentException e) {
            throw new StartupException(ExitCode.SIM_TOPOLOGY, "--sim-topology " + fileOrShape + ": "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new StartupException(ExitCode.SIM_TOPOLOGY, "--sim-topology " + fileOrShape + ": cannot read: "
                    + e.getMessage(), e);
        }
    }

    /**
     * Opens the SM's port through libibumad: the port with GUID {@code guid}, or for 0 the InfiniBand port
     * {@link SmPortChoice} picks among the local ports.
     *
     * @throws UmadException with the reason the daemon maps to its exit code
     */
    public static FabricAttachment umad(SmOptions options, long guid) throws UmadException {
        long longest = Math.max(options.transactionTimeoutMs(), options.get(TimingOptions.LONG_TRANSACTION_TIMEOUT));
        int kernelTimeout = (int) Math.min(Integer.MAX_VALUE, longest * (options.transactionRetries() + 2));
        UmadChannel.Options o = UmadChannel.Options.defaults().withRequestTimeoutMs(kernelTimeout)
                .withSaServer(true).withClient(MgmtClass.PERF_MGT, PerfMgt.CLASS_VERSION)
                .withServer(SaAgent.REPLICA_CLASS, SaAgent.REPLICA_CLASS_VERSION, Method.SEND)
                .withClient(MgmtClass.CC, CongestionControl.CLASS_VERSION);
        String chosen = null;
        UmadChannel ch;
        if (guid != 0) {
            ch = UmadChannel.openByGuid(guid, o);
        } else {
            UmadDevices.Listed local = UmadDevices.localPorts();
            SmPortChoice choice = SmPortChoice.among(local.ports());
            chosen = "SM port " + choice.port().label() + " (GUID " + Guid.toString(choice.port().portGuid())
                    + ") chosen among " + local.ports().size() + " local port(s) read from " + local.source() + ": "
                    + choice.why();
            ch = UmadChannel.open(choice.port().caName(), choice.port().portNum(), o);
        }
        UmadPort port = ch.umadPort();
        IssmDevice[] issm = new IssmDevice[1];
        String note = openIssm(port, issm);
        return new FabricAttachment(ch, null, -1, o, issm[0],
                "port " + port.label() + ", GUID " + Guid.toString(port.portGuid()), note, chosen);
    }

    /**
     * Opens the issm device of {@code port} into {@code opened[0]} (left null when it cannot be opened) and returns
     * the log line that says what became of it.
     */
    private static String openIssm(UmadPort port, IssmDevice[] opened) {
        try {
            String path = UmadDevices.issmPath(port.caName(), port.portNum());
            opened[0] = IssmDevice.open(path);
            return "Setting IS_SM on port " + port.label() + " (" + path + ")";
        } catch (UmadException | RuntimeException e) {
            return "MAIN-0807 cannot open the issm device of " + port.label() + ": " + e.getMessage()
                    + "; other SMs will not see the IsSM bit";
        }
    }

    /**
     * The local ports of the SM's host and the move between them, for {@link SmPortFailover}: the ports libibumad
     * lists (sysfs; umad2sim's simulated tree) or the simulated host's ports, each as its PortInfo shows it now.
     */
    SmPortFailover.LocalPorts localPorts() {
        return new SmPortFailover.LocalPorts() {
            @Override
            public LocalPort current() {
                return channel.localPort();
            }

            @Override
            public List<UmadPort> list() throws UmadException {
                return sim != null ? simulatedPorts() : UmadDevices.localPorts().ports();
            }

            @Override
            public void moveTo(UmadPort port) throws UmadException {
                move(port);
            }
        };
    }

    /** The simulated host's ports, as libibumad would list them. */
    private List<UmadPort> simulatedPorts() {
        Topology t = sim.topology();
        List<UmadPort> ports = new ArrayList<>();
        for (int p = 1; p <= t.node(simHost).numPorts(); p++) {
            PortInfo pi = sim.portInfo(simHost, p);
            ports.add(new UmadPort(t.node(simHost).description(), p, pi.lid(), pi.lmc(), pi.masterSmLid(),
                    pi.masterSmSl(), pi.portState(), pi.portPhysicalState(), 0, (int) pi.capabilityMask(),
                    pi.gidPrefix(), t.node(simHost).portGuid(p), "IB"));
        }
        return ports;
    }

    /**
     * Opens a channel on {@code port}, sets IsSM there, puts the channel in place of the old one (which is closed)
     * and closes the old port's issm device. Logs only an issm device it cannot open: {@link SmPortFailover} says
     * what was done.
     */
    private void move(UmadPort port) throws UmadException {
        if (sim != null) {
            SimMadChannel ch = sim.openChannel(simHost, port.portNum());
            ch.setIsSm(true);
            channel.moveTo(ch);
            return;
        }
        UmadChannel ch = UmadChannel.open(port.caName(), port.portNum(), umadOptions);
        IssmDevice[] opened = new IssmDevice[1];
        String note = openIssm(port, opened);
        if (opened[0] == null) {
            LOG.warn("{}", note);
        }
        channel.moveTo(ch);
        synchronized (this) {
            if (issm != null && !issmClosed) {
                issm.close();
            }
            issm = opened[0];
            issmClosed = false;
        }
    }

    /** The simulator the SM runs on, null on a real port. */
    SimFabric simulator() {
        return sim;
    }

    /** The simulator, or {@code null} on a real port. */
    SimFabric sim() {
        return sim;
    }

    /** The channel on the SM's port. */
    public MadChannel channel() {
        return channel;
    }

    /**
     * Logs what the attach did: the issm device (IsSM set, or why not) and the port or simulated fabric. Opening
     * logs nothing itself, because it runs while logging is still starting ({@link Main}).
     */
    public void logAttached(Logger log) {
        if (choiceNote != null) {
            log.info("{}", choiceNote);
        }
        if (issmNote != null) {
            log.log(LogLevels.VERBOSE, "{}", issmNote);
        }
        log.info("attached to {}", description);
    }

    /**
     * Stops announcing an SM on the port: closes the issm device (the kernel, or umad2sim, clears IsSM), or clears
     * the simulated port's bit. A leaving master does it before it hands over, so that the new master's sweep no
     * longer asks this port for SMInfo. Idempotent. The close is waited for at most {@link #ISSM_CLOSE_WAIT_MS}: under
     * umad2sim it asks the simulator, and a simulator that is gone (stopped with the SM) never answers; the process's
     * exit then closes the device.
     */
    public void withdrawIsSm() {
        synchronized (this) {
            if (issm != null && !issmClosed) {
                issmClosed = true;
                Thread closer = new Thread(issm::close, "jsm-issm-close");
                closer.setDaemon(true);
                closer.start();
                try {
                    closer.join(ISSM_CLOSE_WAIT_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (closer.isAlive()) {
                    LOG.warn("MAIN-0832 closing the issm device did not return within {} ms (its simulator gone?): "
                            + "left to the process's exit", ISSM_CLOSE_WAIT_MS);
                }
            }
        }
        if (channel.current() instanceof SimMadChannel ch) {
            ch.setIsSm(false);
        }
    }

    /** Closes the channel, the issm device and the simulator. */
    @Override
    public void close() {
        channel.close();
        withdrawIsSm();
        if (sim != null) {
            sim.close();
        }
    }
}
