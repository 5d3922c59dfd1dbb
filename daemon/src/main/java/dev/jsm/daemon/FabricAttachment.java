package dev.jsm.daemon;

import dev.jsm.conf.SmOptions;
import dev.jsm.conf.TimingOptions;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.perf.PerfMgt;
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
import org.apache.logging.log4j.Logger;

/**
 * The SM's way onto the fabric: a real port through libibumad (the port of {@code -g GUID}, else the one
 * {@link SmPortChoice} picks among the InfiniBand ports, logged with its reason; the SMI and SA agents, a PerfMgt
 * client agent for the performance manager and a congestion control client agent, class 0x21 version 2, for
 * {@code congestion_control}), with the port's {@code issm} device held open so the port announces an SM (IsSM), or
 * the in-JVM simulator loaded from {@code --sim-topology FILE|SHAPE} with the SM on the first host's port 1.
 *
 * <p>Thread-safe to close once; the channel is thread-safe.
 */
public final class FabricAttachment implements AutoCloseable {

    private final MadChannel channel;
    private final SimFabric sim;
    private final IssmDevice issm;
    private boolean issmClosed;
    private final String description;
    /** What became of the issm device, for the log; null on the simulator. */
    private final String issmNote;
    /** Which port was chosen and why, for the log; null when {@code -g} named it or on the simulator. */
    private final String choiceNote;

    private FabricAttachment(MadChannel channel, SimFabric sim, IssmDevice issm, String description,
            String issmNote, String choiceNote) {
        this.channel = channel;
        this.sim = sim;
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
        return new FabricAttachment(ch, fabric, null, "simulated fabric " + fileOrShape + " ("
                + topology.nodeCount() + " nodes), SM on '" + topology.node(host).description() + "' port 1", null,
                null);
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
        IssmDevice issm = null;
        String note;
        try {
            String path = UmadDevices.issmPath(port.caName(), port.portNum());
            issm = IssmDevice.open(path);
            note = "Setting IS_SM on port " + port.label() + " (" + path + ")";
        } catch (UmadException | RuntimeException e) {
            note = "MAIN-0807 cannot open the issm device of " + port.label() + ": " + e.getMessage()
                    + "; other SMs will not see the IsSM bit";
        }
        return new FabricAttachment(ch, null, issm,
                "port " + port.label() + ", GUID " + Guid.toString(port.portGuid()), note, chosen);
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
     * longer asks this port for SMInfo. Idempotent.
     */
    public void withdrawIsSm() {
        synchronized (this) {
            if (issm != null && !issmClosed) {
                issmClosed = true;
                issm.close();
            }
        }
        if (channel instanceof SimMadChannel ch) {
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
