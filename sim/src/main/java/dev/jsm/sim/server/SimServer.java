package dev.jsm.sim.server;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.TopoNode;
import dev.jsm.sim.topo.Topology;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.EpollDomainDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.unix.DomainDatagramPacket;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Serves a {@link SimFabric} over ibsim's client protocol (docs/sim-server.md), so that the stock tools and the
 * reference OpenSM run against the simulator unchanged under {@code LD_PRELOAD=libumad2sim.so}, each at the node its
 * {@code SIM_HOST} names.
 *
 * <p>Threading: one I/O thread ({@code jsm-sim-server}) owns the sockets and the client table and turns datagrams
 * into {@code SimMadChannel.send} calls; the simulator's own thread still processes every MAD and hands what comes
 * out to {@link PortAttachment} (a lock-free client lookup), which queues the datagram on the I/O thread. Thread-safe.
 *
 * <p>In detail: docs/design/sim.md#simserver.
 */
public final class SimServer implements AutoCloseable {

    /** The default socket name prefix (ibsim's). */
    public static final String DEFAULT_NAME = "sim";

    private static final System.Logger LOG = System.getLogger(SimServer.class.getName());
    private static final int MAX_CLIENT_ID = 0xFFFF;
    private static final int METHOD = 3;
    private static final int RESPONSE_BIT = 0x80;
    private static final int TID = 8;
    private static final long EXTENDED_SPEEDS = PortInfo.AM_SM_SUPPORTS_EXTENDED_SPEEDS;
    private static final AttributeKey<SimClient> CLIENT = AttributeKey.valueOf("jsmSimClient");

    private final SimFabric fabric;
    private final String name;
    private final EventLoopGroup io;
    private final ServerCounters counters = new ServerCounters();
    /** Written on the I/O thread; read by {@link #stats} on any. */
    private final Map<Integer, SimClient> clients = new ConcurrentHashMap<>();
    /** I/O thread only: by node * 256 + port. */
    private final Map<Integer, PortAttachment> ports = new HashMap<>();
    private final Channel ctl;
    /** I/O thread only. */
    private int nextId;

    private SimServer(SimFabric fabric, String name) throws IOException {
        this.fabric = fabric;
        this.name = name;
        this.io = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jsm-sim-server", true),
                EpollIoHandler.newFactory());
        ChannelFuture bound = bootstrap(new CtlHandler()).bind(address("ctl"));
        bound.awaitUninterruptibly();
        if (!bound.isSuccess()) {
            io.shutdownGracefully();
            throw new IOException("cannot bind @" + name + ":ctl: " + bound.cause().getMessage(), bound.cause());
        }
        ctl = bound.channel();
    }

    /**
     * Binds {@code @<name>:ctl} in the current network namespace and serves {@code fabric} until closed.
     *
     * @throws IOException if the control socket cannot be bound (another simulator listens under that name)
     */
    public static SimServer start(SimFabric fabric, String name) throws IOException {
        return new SimServer(fabric, name);
    }

    /** The control socket's abstract name, as {@code /proc/net/unix} shows it ({@code @sim:ctl}). */
    public String controlSocket() {
        return "@" + name + ":ctl";
    }

    /** What the server counted so far. */
    public ServerStats stats() {
        return counters.snapshot(clients.size());
    }

    /** Closes every socket and detaches every client (the simulator itself stays open). */
    @Override
    public void close() {
        io.submit(() -> {
            for (SimClient c : Set.copyOf(clients.values())) {
                detach(c);
            }
            ctl.close();
        }).awaitUninterruptibly();
        io.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private Bootstrap bootstrap(ChannelHandler handler) {
        return new Bootstrap().group(io).channel(EpollDomainDatagramChannel.class)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(1 << 20, 4 << 20))
                .handler(handler);
    }

    /**
     * The abstract address {@code <name>:<suffix>}. Like ibsim and umad2sim, the address length counts the name's
     * terminating NUL, so the kernel's name is NUL, the text and a NUL ({@code /proc/net/unix} shows
     * {@code @sim:ctl@}); a name without the trailing NUL would be another address.
     */
    private DomainSocketAddress address(String suffix) {
        return new DomainSocketAddress("\0" + name + ":" + suffix + "\0");
    }

    /** Counts on a log line only at powers of two, so that a flood of bad datagrams cannot flood the log. */
    private static void warnSometimes(long count, String what) {
        if (Long.bitCount(count) == 1) {
            LOG.log(Level.WARNING, what + " (" + count + " so far)");
        }
    }

    // ---- control messages (I/O thread) ----

    private void control(byte[] bytes, DomainSocketAddress from) {
        if (bytes.length != CtlMessage.SIZE) {
            warnSometimes(counters.malformedCtl.incrementAndGet(),
                    "control datagram of " + bytes.length + " bytes dropped");
            return;
        }
        CtlMessage m = new CtlMessage(bytes);
        if (m.magic() != CtlMessage.MAGIC) {
            warnSometimes(counters.malformedCtl.incrementAndGet(), String.format(
                    "control datagram with magic 0x%08x dropped", m.magic()));
            return;
        }
        if (m.type() == CtlMessage.CONNECT) {
            connect(m, from);
            return;
        }
        if (m.type() <= CtlMessage.ERROR || m.type() > CtlMessage.GET_PKEYS) {
            warnSometimes(counters.unknownCtlType.incrementAndGet(), "control message of unknown type " + m.type());
            m.setType(CtlMessage.ERROR);
            reply(m, from);
            return;
        }
        SimClient c = clients.get(m.clientId());
        if (c == null) {
            if (m.type() != CtlMessage.DISCONNECT) {
                warnSometimes(counters.badClientId.incrementAndGet(),
                        "control message " + m.type() + " for client " + m.clientId() + ", which is not attached");
                m.setType(CtlMessage.ERROR);
            }
            reply(m, from);
            return;
        }
        switch (m.type()) {
            case CtlMessage.DISCONNECT -> {
                counters.disconnects.incrementAndGet();
                detach(c);
            }
            case CtlMessage.SET_ISSM -> {
                c.setIssm(m.dataInt(0) != 0);
                c.port.updateIsSm();
            }
            default -> describe(c, m);
        }
        reply(m, from);
    }

    private void reply(CtlMessage m, DomainSocketAddress to) {
        ctl.writeAndFlush(new DomainDatagramPacket(Unpooled.wrappedBuffer(m.bytes()), to));
    }

    /**
     * GET_* answers, from the node's own SMA. PortInfo is read with the SMSupportExtendedSpeeds modifier bit: what a
     * host's driver knows of its port, the speeds beyond EDR too (docs/link-speeds.md).
     */
    private void describe(SimClient c, CtlMessage m) {
        int node = c.port.node;
        byte[] nodeInfo = fabric.smaGet(node, c.port.port, ControlAnswers.ATTR_NODE_INFO, 0);
        switch (m.type()) {
            case CtlMessage.GET_PORT -> ControlAnswers.port(m, fabric.smaGet(node, c.port.port,
                    ControlAnswers.ATTR_PORT_INFO, c.port.port | EXTENDED_SPEEDS));
            case CtlMessage.GET_VENDOR -> ControlAnswers.vendor(m, nodeInfo);
            case CtlMessage.GET_GID -> ControlAnswers.gid(m, fabric.smaGet(node, c.port.port,
                    ControlAnswers.ATTR_PORT_INFO, c.port.port), nodeInfo);
            case CtlMessage.GET_GUID -> ControlAnswers.guid(m, nodeInfo);
            case CtlMessage.GET_NODEINFO -> ControlAnswers.copy(m, nodeInfo);
            case CtlMessage.GET_PORTINFO -> {
                int asked = m.dataByte(0);
                int p = asked == 0 || asked > fabric.topology().node(node).numPorts() ? c.port.port : asked;
                ControlAnswers.copy(m, fabric.smaGet(node, p, ControlAnswers.ATTR_PORT_INFO,
                        p | EXTENDED_SPEEDS));
            }
            case CtlMessage.GET_PKEYS -> ControlAnswers.copy(m, fabric.smaGet(node, c.port.port,
                    ControlAnswers.ATTR_P_KEY_TABLE, 0));
            default -> throw new IllegalStateException("type " + m.type());
        }
    }

    /** CONNECT: attach the client to its node's management port and open its socket, then answer. */
    private void connect(CtlMessage m, DomainSocketAddress from) {
        int pid = m.dataInt(0);
        boolean issm = m.dataInt(8) != 0;
        String asked = m.connectNode();
        reapGone();
        int node = asked.isEmpty() ? 0 : resolve(asked);
        if (node < 0) {
            refuse(m, from, "client pid " + pid + " asks for unknown node \"" + asked + "\"");
            return;
        }
        int port = fabric.isSwitch(node) ? 0 : 1;
        PortAttachment existing = ports.get(node * 256 + port);
        if (issm && existing != null && existing.hasSm()) {
            refuse(m, from, "client pid " + pid + ": an SM is already attached to " + existing);
            return;
        }
        int id = allocateId();
        if (id < 0) {
            refuse(m, from, "client pid " + pid + ": no client id left");
            return;
        }
        PortAttachment at = existing != null ? existing : new PortAttachment(node, port,
                fabric.topology().node(node).name(), fabric.openChannel(node, port), counters, clients::get);
        ports.put(node * 256 + port, at);
        Bootstrap b = bootstrap(new DataHandler());
        ChannelFuture f = b.connect(address("in" + pid), address("out" + id));
        f.addListener(done -> {
            if (!done.isSuccess()) {
                closeIfUnused(at);
                refuse(m, from, "client pid " + pid + ": cannot open @" + name + ":out" + id + " to its @" + name
                        + ":in" + pid + ": " + done.cause().getMessage());
                return;
            }
            SimClient c = new SimClient(id, pid, at, issm, f.channel(), counters, this::gone);
            f.channel().attr(CLIENT).set(c);
            clients.put(id, c);
            at.add(c);
            counters.connects.incrementAndGet();
            LOG.log(Level.INFO, "attached " + c);
            m.putConnectAnswer(id, at.nodeName);
            reply(m, from);
        });
    }

    private void refuse(CtlMessage m, DomainSocketAddress to, String why) {
        counters.refused.incrementAndGet();
        LOG.log(Level.WARNING, "CONNECT refused: " + why);
        m.setType(CtlMessage.ERROR);
        reply(m, to);
    }

    /** ibsim's lookup: the node whose name is {@code asked}, else the first whose NodeDescription is; -1 if none. */
    private int resolve(String asked) {
        Topology t = fabric.topology();
        int n = t.indexOfName(asked);
        if (n >= 0) {
            return n;
        }
        for (int i = 0; i < t.nodeCount(); i++) {
            TopoNode node = t.node(i);
            if (node.description().equals(asked)) {
                return i;
            }
        }
        return -1;
    }

    /** The next free id after the last one handed out, or -1 if all 65536 are taken. */
    private int allocateId() {
        for (int i = 0; i <= MAX_CLIENT_ID; i++) {
            int id = (nextId + i) & MAX_CLIENT_ID;
            if (!clients.containsKey(id)) {
                nextId = id + 1;
                return id;
            }
        }
        return -1;
    }

    /** A client whose socket failed: detach it (I/O thread or not). */
    private void gone(SimClient c) {
        io.execute(() -> {
            if (!c.detached()) {
                counters.deadClients.incrementAndGet();
                LOG.log(Level.WARNING, c + " is gone: detached");
                detach(c);
            }
        });
    }

    /** Detaches clients whose {@code in} socket no longer exists (died without DISCONNECT). */
    private void reapGone() {
        if (clients.isEmpty()) {
            return;
        }
        Set<String> bound = boundSocketNames();
        if (bound == null) {
            return;
        }
        for (SimClient c : Set.copyOf(clients.values())) {
            if (!bound.contains("@" + name + ":in" + c.pid)) {
                counters.deadClients.incrementAndGet();
                LOG.log(Level.WARNING, c + " is gone: detached");
                detach(c);
            }
        }
    }

    /** The abstract names bound in this network namespace, from /proc/net/unix; null if unreadable. */
    private static Set<String> boundSocketNames() {
        try {
            Set<String> names = new HashSet<>();
            for (String line : Files.readAllLines(Path.of("/proc/net/unix"))) {
                int at = line.indexOf(" @");
                if (at > 0) {
                    names.add(line.substring(at + 1).replaceAll("@+$", ""));
                }
            }
            return names;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private void detach(SimClient c) {
        if (clients.remove(c.id, c)) {
            c.detach();
            c.port.remove(c);
            closeIfUnused(c.port);
            LOG.log(Level.INFO, "detached " + c);
        }
    }

    private void closeIfUnused(PortAttachment at) {
        if (at.clients().isEmpty() && ports.remove(at.node * 256 + at.port, at)) {
            at.channel.close();
        }
    }

    // ---- MADs from clients (I/O thread) ----

    private void mad(SimClient c, byte[] d) {
        if (d.length != SimRequest.SIZE) {
            warnSometimes(counters.malformedMads.incrementAndGet(),
                    "MAD datagram of " + d.length + " bytes from " + c + " dropped");
            return;
        }
        if (c.detached()) {
            counters.undeliverable.incrementAndGet();
            return;
        }
        byte[] mad = Arrays.copyOfRange(d, SimRequest.MAD, SimRequest.MAD + SimRequest.MAD_SIZE);
        long len = SimRequest.length(d);
        int length = len >= 24 && len <= SimRequest.MAD_SIZE ? (int) len : SimRequest.MAD_SIZE;
        if ((mad[METHOD] & RESPONSE_BIT) == 0) {
            mad[TID] = (byte) (c.id >>> 8);
            mad[TID + 1] = (byte) c.id;
        }
        int dlid = SimRequest.dlid(d);
        int dqp = SimRequest.dqp(d);
        MadAddress to = dlid == SimRequest.PERMISSIVE_LID ? MadAddress.directedRoute()
                : new MadAddress.LidRouted(dlid, dqp, dqp == MadAddress.QP0 ? 0 : MadAddress.QP1_QKEY, 0, 0);
        try {
            c.port.channel.send(to, mad, length);
            counters.madsIn.incrementAndGet();
        } catch (IOException e) {
            warnSometimes(counters.malformedMads.incrementAndGet(), "MAD from " + c + " refused: " + e.getMessage());
        }
    }

    private static byte[] content(Object msg) {
        ByteBuf buf = msg instanceof DomainDatagramPacket p ? p.content() : (ByteBuf) msg;
        return ByteBufUtil.getBytes(buf);
    }

    /** Reads the control socket. */
    private final class CtlHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof DomainDatagramPacket p) {
                    control(content(p), p.sender());
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.log(Level.WARNING, "control socket: " + cause);
        }
    }

    /** Reads one client's {@code out} socket. */
    private final class DataHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                SimClient c = ctx.channel().attr(CLIENT).get();
                if (c != null && (msg instanceof ByteBuf || msg instanceof DomainDatagramPacket)) {
                    mad(c, content(msg));
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            SimClient c = ctx.channel().attr(CLIENT).get();
            if (c != null) {
                gone(c);
            }
        }
    }
}
