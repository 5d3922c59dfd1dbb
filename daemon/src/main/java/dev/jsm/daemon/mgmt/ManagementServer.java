package dev.jsm.daemon.mgmt;

import dev.jsm.conf.DebugOptions;
import dev.jsm.conf.SmOptions;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The management port: one netty NIO event loop thread ({@code jsm-mgmt}) serving HTTP {@code /metrics} and
 * {@code /status} and OpenSM's text console on the same TCP port (see {@link ProtocolSniffer}). Enabled the way
 * OpenSM enables its console - {@code console loopback} (127.0.0.1 only) or {@code console socket} (every address)
 * with {@code console_port} (default 10000) in opensm.conf, or {@code -q}/{@code -C} - and off by default. It only
 * reads what {@link ManagedSm} publishes and queues events, so a slow client never delays a sweep.
 *
 * <p>Thread-safe: {@link #close} from any thread.
 */
public final class ManagementServer implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(ManagementServer.class);

    private final EventLoopGroup group;
    private final Channel server;

    private ManagementServer(EventLoopGroup group, Channel server) {
        this.group = group;
        this.server = server;
    }

    /**
     * Starts the port the options ask for: nothing for {@code console off} or {@code local} (that console is
     * {@link LocalConsole}'s, on the terminal), a logged error and nothing if the port cannot be bound - the SM runs
     * on without it.
     *
     * @param options the options in effect at start-up ({@code console}, {@code console_port})
     * @param sm the SM to report on
     * @param sweeps its sweep counters (already added as a listener)
     * @param version the version shown by the console and {@code /status}
     */
    public static Optional<ManagementServer> start(SmOptions options, ManagedSm sm, SweepCounters sweeps,
                                                   String version) {
        String mode = options.get(DebugOptions.CONSOLE);
        InetAddress address;
        if ("loopback".equals(mode)) {
            address = InetAddress.getLoopbackAddress();
        } else if ("socket".equals(mode)) {
            address = null;
        } else {
            return Optional.empty();
        }
        int port = options.getInt(DebugOptions.CONSOLE_PORT);
        try {
            ManagementServer s = bind(address, port, new Management(sm, sweeps, version));
            LOG.info("console, /metrics and /status on {}:{}", address == null ? "*" : address.getHostAddress(),
                    s.port());
            return Optional.of(s);
        } catch (Exception e) {
            LOG.error("MAIN-0814 cannot listen on port {} for the console and metrics: {}", port, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Binds the port.
     *
     * @param address the address to listen on, {@code null} for every address
     * @param port the TCP port, 0 for any free one
     * @throws InterruptedException if interrupted while binding
     */
    static ManagementServer bind(InetAddress address, int port, Management management) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jsm-mgmt", true),
                NioIoHandler.newFactory());
        try {
            ServerBootstrap b = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new ProtocolSniffer(management));
                        }
                    });
            InetSocketAddress where = address == null ? new InetSocketAddress(port)
                    : new InetSocketAddress(address, port);
            return new ManagementServer(group, b.bind(where).sync().channel());
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Stops listening, closes every session and stops the thread. */
    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
