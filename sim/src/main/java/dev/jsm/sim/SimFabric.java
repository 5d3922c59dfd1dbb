package dev.jsm.sim;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.perf.PortCounters;
import dev.jsm.mad.perf.PortCountersExtended;
import dev.jsm.mad.smp.MlnxExtendedPortInfo;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.sim.topo.Topology;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * An in-JVM InfiniBand fabric: every node of a {@link Topology} with an SMA that answers SMPs the way real switches
 * and HCAs (and Debian's ibsim, whose default attribute values it reports) do, reached through
 * {@link SimMadChannel}s. It keeps its own state and shares nothing with the SM's model, so a modelling bug cannot
 * hide in both.
 *
 * <p>Thread-safe. Close it to stop the simulator thread.
 *
 * <p>In detail: docs/design/sim.md#simfabric.
 */
public final class SimFabric implements AutoCloseable {

    private final FabricState state;
    private final SimEngine engine;
    private final MadProcessor processor;
    private final SimCounters counters = new SimCounters();
    private final SimFaults faults;
    private final SmaTables tables;
    private final SmaMKey mKeys;
    private final SimVirtualization virtualization;
    private final SimCongestion congestion;

    /** A fabric with loss and delay seed 0. */
    public SimFabric(Topology topology) {
        this(topology, 0);
    }

    /**
     * A fabric whose loss and delay injection draws from {@code seed}.
     */
    public SimFabric(Topology topology, long seed) {
        this(topology, seed, System::currentTimeMillis);
    }

    /**
     * A fabric whose loss and delay injection draws from {@code seed} and whose M_Key leases (IBA 14.2.4.2) run on
     * {@code clockMillis} (milliseconds; tests pass a clock they move, so that a lease runs out without waiting).
     */
    public SimFabric(Topology topology, long seed, LongSupplier clockMillis) {
        state = new FabricState(topology);
        Impairments impairments = new Impairments(seed);
        LinkControl links = new LinkControl(state);
        links.powerOnLinks();
        engine = new SimEngine(state, impairments, counters);
        mKeys = new SmaMKey(state, clockMillis);
        CcAgent ccAgent = new CcAgent(state, clockMillis);
        processor = new MadProcessor(state, links, engine, counters, mKeys, ccAgent);
        engine.setProcessor(processor);
        links.setTrapSink(processor);
        faults = new SimFaults(state, links, impairments, processor);
        tables = new SmaTables(state);
        virtualization = new SimVirtualization(state);
        congestion = new SimCongestion(state, ccAgent);
    }

    /** The topology the fabric was built from. */
    public Topology topology() {
        return state.topology;
    }

    /**
     * Opens a channel on a port: {@code port} 1..NumPorts of a CA, 0 of a switch.
     *
     * @throws IllegalArgumentException if the node or port does not exist or is not an end port
     * @throws IllegalStateException if a channel is already open on that port
     */
    public SimMadChannel openChannel(int node, int port) {
        if (node < 0 || node >= state.nodeCount) {
            throw new IllegalArgumentException("no node " + node + " (fabric has " + state.nodeCount + ")");
        }
        boolean sw = state.isSwitch[node];
        if (sw ? port != 0 : port < 1 || port > state.numPorts[node]) {
            throw new IllegalArgumentException(describe(node) + ": a channel needs " + (sw ? "port 0 of a switch"
                    : "a port 1.." + state.numPorts[node]) + ", not port " + port);
        }
        synchronized (state) {
            int slot = state.slot(node, port);
            if (state.channels[slot] != null) {
                throw new IllegalStateException(describe(node) + " port " + port + " already has a channel");
            }
            SimMadChannel ch = new SimMadChannel(state, engine, processor, slot);
            state.channels[slot] = ch;
            return ch;
        }
    }

    /** Opens a channel on port {@code port} of the node named {@code name}. */
    public SimMadChannel openChannel(String name, int port) {
        return openChannel(nodeIndex(name), port);
    }

    /**
     * Index of the node named {@code name}.
     *
     * @throws IllegalArgumentException if there is none
     */
    public int nodeIndex(String name) {
        int n = state.topology.indexOfName(name);
        if (n < 0) {
            throw new IllegalArgumentException("no node named \"" + name + "\"");
        }
        return n;
    }

    /** Whether node {@code node} is a switch. */
    public boolean isSwitch(int node) {
        checkPort(node, 0);
        return state.isSwitch[node];
    }

    /**
     * The 64-byte payload an SMP Get of {@code attributeId} with {@code modifier} reads at port {@code port} of
     * {@code node} (0 for a switch's management port), answered by the node's SMA itself: no route, no M_Key check,
     * no counter moves. Used to describe a port to something attached to it (the simulator server's control
     * messages).
     *
     * @throws IllegalArgumentException if the port does not exist or the SMA answers with a non-zero status
     */
    public byte[] smaGet(int node, int port, int attributeId, long modifier) {
        checkPort(node, port);
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, 0x81, 1, Sma.METHOD_GET, 0, 0, 0, attributeId, modifier).encodeTo(mad);
        synchronized (state) {
            check(processor.smaHandle(state.slot(node, port), mad),
                    "Get attribute 0x" + Integer.toHexString(attributeId) + " at " + node + "/" + port);
        }
        return Arrays.copyOfRange(mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
    }

    /** Fault injection on this fabric. */
    public SimFaults faults() {
        return faults;
    }

    /** The vports and rate limits of the CA ports with virtualization, as their SMAs answer them now. */
    public SimVirtualization virtualization() {
        return virtualization;
    }

    /** The congestion control agents of the switches and CAs: what they hold, and what they are. */
    public SimCongestion congestion() {
        return congestion;
    }

    /** Counters since the fabric was built. */
    public SimStats stats() {
        synchronized (state) {
            return counters.snapshot();
        }
    }

    /**
     * The PortInfo port {@code port} of {@code node} holds now (LocalPortNum = the port itself), M_Key included
     * whatever its protection; a lease that ran out has ended first.
     */
    public PortInfo portInfo(int node, int port) {
        checkPort(node, port);
        synchronized (state) {
            int slot = state.slot(node, port);
            mKeys.expireLease(state.endPort(slot));
            return PortInfo.decode(state.portInfo, FabricState.piOff(slot));
        }
    }

    /** The Mellanox ExtendedPortInfo port {@code port} of {@code node} holds now (FDR10: enabled, active). */
    public MlnxExtendedPortInfo mlnxExtendedPortInfo(int node, int port) {
        checkPort(node, port);
        synchronized (state) {
            int o = state.slot(node, port) * FabricState.MLNX_EXT_PORT_INFO_SIZE;
            byte[] e = state.mlnxExtPortInfo;
            return new MlnxExtendedPortInfo(e[o] & 0xFF, e[o + PortSpeeds.MLNX_SUPPORTED] & 0xFF,
                    e[o + PortSpeeds.MLNX_ENABLED] & 0xFF, e[o + PortSpeeds.MLNX_ACTIVE] & 0xFF);
        }
    }

    /**
     * Gives the management port of {@code node} ({@code port} of a CA, port 0 of a switch) an M_Key, protection
     * bits and lease period, as another SM would have set them: a key the SM under test does not know.
     */
    public void setMKey(int node, int port, long mKey, int protectBits, int leasePeriod) {
        checkPort(node, port);
        synchronized (state) {
            int off = FabricState.piOff(state.endPort(state.slot(node, port)));
            PortInfo.M_KEY.put(state.portInfo, off, mKey);
            PortInfo.M_KEY_PROTECT_BITS.put(state.portInfo, off, protectBits);
            PortInfo.M_KEY_LEASE_PERIOD.put(state.portInfo, off, leasePeriod);
        }
    }

    /** The PortCounters port {@code port} of {@code node} counts now (as a Get would read them; nothing moves). */
    public PortCounters portCounters(int node, int port) {
        checkPort(node, port);
        synchronized (state) {
            return state.perf.portCounters(state.slot(node, port), port);
        }
    }

    /** The PortCountersExtended port {@code port} of {@code node} counts now (nothing moves). */
    public PortCountersExtended portCountersExtended(int node, int port) {
        checkPort(node, port);
        synchronized (state) {
            return state.perf.extended(state.slot(node, port), port);
        }
    }

    /** The SwitchInfo of switch {@code node} now. */
    public SwitchInfo switchInfo(int node) {
        checkSwitch(node);
        synchronized (state) {
            return SwitchInfo.decode(state.switchInfo, state.siOff(node));
        }
    }

    /** The LFT entry of switch {@code node} for {@code lid} (255 when none). */
    public int lftPort(int node, int lid) {
        checkSwitch(node);
        synchronized (state) {
            return state.lftPort(node, lid);
        }
    }

    /** Whether switch {@code node}'s MFT forwards multicast LID {@code mlid} on {@code port}. */
    public boolean mftHasPort(int node, int mlid, int port) {
        checkSwitch(node);
        synchronized (state) {
            return state.mftHasPort(node, mlid, port);
        }
    }

    /**
     * The 32 entries of P_KeyTable block {@code block} of port {@code port} of {@code node} as an SMP Get would read
     * them (entries beyond the port's capacity are 0).
     *
     * @throws IllegalArgumentException if the block is beyond the port's capacity
     */
    public int[] pKeyBlock(int node, int port, int block) {
        checkPort(node, port);
        byte[] mad = new byte[256];
        boolean sw = state.isSwitch[node];
        synchronized (state) {
            check(tables.pKeyTable(state.slot(node, sw ? 0 : port), false, sw ? (long) port << 16 | block : block,
                    mad), "P_KeyTable block " + block + " of " + node + "/" + port);
        }
        int[] keys = new int[32];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = MadBytes.u16(mad, Smp.DATA_OFFSET + 2 * i);
        }
        return keys;
    }

    /** The 16 VLs of the SLtoVLMappingTable of a CA port ({@code inPort} ignored) or a switch's input/output pair. */
    public int[] sl2Vl(int node, int inPort, int outPort) {
        checkPort(node, outPort);
        byte[] mad = new byte[256];
        boolean sw = state.isSwitch[node];
        synchronized (state) {
            check(tables.sl2vl(state.slot(node, sw ? 0 : outPort), false, sw ? inPort << 8 | outPort : 0, mad),
                    "SLtoVLMappingTable " + node + "/" + inPort + "/" + outPort);
        }
        int[] vls = new int[16];
        for (int sl = 0; sl < vls.length; sl++) {
            int b = mad[Smp.DATA_OFFSET + sl / 2] & 0xFF;
            vls[sl] = sl % 2 == 0 ? b >>> 4 : b & 0xF;
        }
        return vls;
    }

    /**
     * The entries of VLArbitrationTable block {@code block} (1-4: low 0-31, low 32-63, high 0-31, high 32-63) of a
     * port, as {VL, weight} pairs flattened, as many as the port's capacity gives that block.
     */
    public int[] vlArbBlock(int node, int port, int block) {
        checkPort(node, port);
        byte[] mad = new byte[256];
        boolean sw = state.isSwitch[node];
        int count;
        synchronized (state) {
            int slot = state.slot(node, port);
            check(tables.vlArb(state.slot(node, sw ? 0 : port), false, (long) block << 16 | (sw ? port : 0), mad),
                    "VLArbitrationTable block " + block + " of " + node + "/" + port);
            int cap = block <= 2 ? PortInfo.VL_ARBITRATION_LOW_CAP.getInt(state.portInfo, FabricState.piOff(slot))
                    : PortInfo.VL_ARBITRATION_HIGH_CAP.getInt(state.portInfo, FabricState.piOff(slot));
            count = block % 2 == 1 ? Math.min(32, cap) : Math.max(0, cap - 32);
        }
        int[] pairs = new int[2 * count];
        for (int i = 0; i < count; i++) {
            pairs[2 * i] = mad[Smp.DATA_OFFSET + 2 * i] & 0x0F;
            pairs[2 * i + 1] = mad[Smp.DATA_OFFSET + 2 * i + 1] & 0xFF;
        }
        return pairs;
    }

    private static void check(int status, String what) {
        if (status != Sma.STATUS_OK) {
            throw new IllegalArgumentException(what + ": status 0x" + Integer.toHexString(status));
        }
    }

    /**
     * Waits until the simulator has nothing left to do: no MAD queued, delayed or in process. Tests use it to assert
     * that something was dropped without waiting for a timeout.
     *
     * @return false if {@code timeout} passed first
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return engine.awaitIdle(timeout.toNanos());
    }

    /** Stops the simulator thread; channels stop receiving. */
    @Override
    public void close() {
        engine.stop();
    }

    private void checkPort(int node, int port) {
        if (node < 0 || node >= state.nodeCount || port < 0 || port > state.numPorts[node]) {
            throw new IllegalArgumentException("no port " + node + "/" + port);
        }
    }

    private void checkSwitch(int node) {
        if (node < 0 || node >= state.nodeCount || !state.isSwitch[node]) {
            throw new IllegalArgumentException("node " + node + " is not a switch");
        }
    }

    private String describe(int node) {
        return "\"" + state.topology.node(node).name() + "\"";
    }
}
