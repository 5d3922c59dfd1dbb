package dev.jsm.sim.server;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.EpollDomainDatagramChannel;
import io.netty.channel.unix.DomainDatagramPacket;
import io.netty.channel.unix.DomainSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * What umad2sim does on the wire, for tests: binds {@code <name>:ctl<pid>} and {@code <name>:in<pid>}, sends control
 * messages to {@code <name>:ctl} and raw datagrams to {@code <name>:out<id>}, and queues what comes back.
 *
 * <p>Confined to the test thread (the queues are filled on the event loop).
 */
final class FakeUmadClient implements AutoCloseable {

    private final String name;
    final int pid;
    private final Channel ctl;
    private final Channel in;
    private final BlockingQueue<byte[]> ctlReplies = new LinkedBlockingQueue<>();
    private final BlockingQueue<byte[]> mads = new LinkedBlockingQueue<>();
    int clientId = -1;

    FakeUmadClient(EventLoopGroup group, String name, int pid) throws InterruptedException {
        this.name = name;
        this.pid = pid;
        ctl = bind(group, "ctl" + pid, ctlReplies);
        in = bind(group, "in" + pid, mads);
    }

    static DomainSocketAddress address(String name, String suffix) {
        return new DomainSocketAddress("\0" + name + ":" + suffix + "\0");
    }

    private Channel bind(EventLoopGroup group, String suffix, BlockingQueue<byte[]> into)
            throws InterruptedException {
        return new Bootstrap().group(group).channel(EpollDomainDatagramChannel.class).handler(new Queueing(into))
                .bind(address(name, suffix)).sync().channel();
    }

    /** Sends raw bytes to the server's control socket. */
    void sendCtl(byte[] bytes) {
        ctl.writeAndFlush(new DomainDatagramPacket(Unpooled.wrappedBuffer(bytes), address(name, "ctl")))
                .syncUninterruptibly();
    }

    /** Sends a control message and waits for its answer (null after 5 s). */
    CtlMessage control(CtlMessage m) throws InterruptedException {
        sendCtl(m.bytes());
        return nextCtl(5);
    }

    CtlMessage nextCtl(int seconds) throws InterruptedException {
        byte[] b = ctlReplies.poll(seconds, TimeUnit.SECONDS);
        return b == null ? null : new CtlMessage(b);
    }

    /** CONNECT to {@code node} ("" for the default); returns the answer and remembers the client id. */
    CtlMessage connect(String node, boolean issm) throws InterruptedException {
        CtlMessage m = CtlMessage.request(0, CtlMessage.CONNECT);
        m.putConnectRequest(pid, issm, node);
        CtlMessage r = control(m);
        if (r != null && r.type() == CtlMessage.CONNECT) {
            clientId = r.dataInt(0);
        }
        return r;
    }

    /** Sends raw bytes from the in socket to the server's out socket of this client. */
    void sendData(byte[] bytes) {
        in.writeAndFlush(new DomainDatagramPacket(Unpooled.wrappedBuffer(bytes), address(name, "out" + clientId)))
                .syncUninterruptibly();
    }

    /** The next MAD datagram (null after {@code millis}). */
    byte[] nextMad(long millis) throws InterruptedException {
        return mads.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Closes both sockets without DISCONNECT, as a killed process would. */
    @Override
    public void close() {
        ctl.close().syncUninterruptibly();
        in.close().syncUninterruptibly();
    }

    @ChannelHandler.Sharable
    private static final class Queueing extends SimpleChannelInboundHandler<Object> {
        private final BlockingQueue<byte[]> into;

        Queueing(BlockingQueue<byte[]> into) {
            this.into = into;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = msg instanceof DomainDatagramPacket p ? p.content() : (ByteBuf) msg;
            into.add(ByteBufUtil.getBytes(b));
        }
    }
}
