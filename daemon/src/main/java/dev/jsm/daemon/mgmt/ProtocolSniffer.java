package dev.jsm.daemon.mgmt;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The first handler of every connection to the management port: decides whether the client speaks HTTP or wants
 * the text console, then replaces itself with that protocol's handlers (netty's port unification). A connection
 * whose first bytes are {@code GET } or {@code HEAD} is HTTP; anything else, or silence for
 * {@value #CONSOLE_AFTER_MS} ms (a telnet user waiting for the prompt), is the console. The bytes read so far are
 * passed on to the chosen handlers.
 *
 * <p>Confined to the connection's event loop thread; one instance per connection.
 */
final class ProtocolSniffer extends ByteToMessageDecoder {

    /** How long a silent client waits before it is taken for a console user and gets the prompt. */
    static final long CONSOLE_AFTER_MS = 250;

    private final Management management;
    private boolean decided;

    ProtocolSniffer(Management management) {
        this.management = management;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.executor().schedule(() -> decide(ctx, false), CONSOLE_AFTER_MS, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int n = Math.min(4, in.readableBytes());
        String head = in.toString(in.readerIndex(), n, StandardCharsets.US_ASCII);
        boolean maybeHttp = "GET ".startsWith(head) || "HEAD".startsWith(head);
        if (maybeHttp && n < 4) {
            return;
        }
        decide(ctx, maybeHttp);
    }

    private void decide(ChannelHandlerContext ctx, boolean http) {
        if (decided || !ctx.channel().isActive()) {
            return;
        }
        decided = true;
        if (http) {
            management.addHttp(ctx.pipeline());
        } else {
            management.addConsole(ctx.pipeline());
        }
        ctx.pipeline().remove(this);
    }
}
