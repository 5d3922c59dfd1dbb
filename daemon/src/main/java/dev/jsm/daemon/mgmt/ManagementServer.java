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
 * {@code /status} and OpenSM's text console on the same TCP port (see {@link ProtocolSniffer}), and with
 * {@code web_console_port} the web console ({@link WebConsole}) on a port of its own that speaks HTTP only: a
 * browser opens connections ahead of need and leaves them silent, which the console's port would take for telnet
 * users and greet with the console's banner. Enabled the way
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
    private final Channel web;

    private ManagementServer(EventLoopGroup group, Channel server, Channel web) {
        this.group = group;
        this.server = server;
        this.web = web;
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
        int webPort = options.getInt(DebugOptions.WEB_CONSOLE_PORT);
        try {
            ManagementServer s = bind(address, port, webPort == 0 ? -1 : webPort,
                    new Management(sm, sweeps, version, options.get(DebugOptions.WEB_CONSOLE_ACTIONS)));
            String where = address == null ? "*" : address.getHostAddress();
            LOG.info("console, /metrics and /status on {}:{}", where, s.port());
            if (s.webPort() > 0) {
                LOG.info("web console on http://{}:{}/", where, s.webPort());
            }
            return Optional.of(s);
        } catch (Exception e) {
            LOG.error("MAIN-0814 cannot listen on port {} for the console and metrics: {}", port, e.toString());
            return Optional.empty();
        }
    }

    /** Binds the console's port only (no web console port). */
    static ManagementServer bind(InetAddress address, int port, Management management) throws InterruptedException {
        return bind(address, port, -1, management);
    }

    /**
     * Binds the ports.
     *
     * @param address the address to listen on, {@code null} for every address
     * @param port the console's TCP port, 0 for any free one
     * @param webPort the web console's TCP port (HTTP only), 0 for any free one, -1 for none
     * @throws InterruptedException if interrupted while binding
     */
    static ManagementServer bind(InetAddress address, int port, int webPort, Management management)
            throws InterruptedException {
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
            Channel server = b.bind(socket(address, port)).sync().channel();
            Channel web = null;
            if (webPort >= 0) {
                ServerBootstrap h = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                        .childHandler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                management.addHttp(ch.pipeline());
                            }
                        });
                try {
                    web = h.bind(socket(address, webPort)).sync().channel();
                } catch (InterruptedException | RuntimeException e) {
                    server.close().syncUninterruptibly();
                    throw e;
                }
            }
            return new ManagementServer(group, server, web);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    private static InetSocketAddress socket(InetAddress address, int port) {
        return address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port);
    }

    /** The bound port. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** The web console's bound port, -1 without one. */
    public int webPort() {
        return web == null ? -1 : ((InetSocketAddress) web.localAddress()).getPort();
    }

    /** Stops listening, closes every session and stops the thread. */
    @Override
    public void close() {
        server.close().syncUninterruptibly();
        if (web != null) {
            web.close().syncUninterruptibly();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
