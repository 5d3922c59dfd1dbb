package dev.jsm.daemon.mgmt;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One TCP session of OpenSM's text console ({@code telnet 127.0.0.1 10000}): a prompt, one command per line, run by
 * {@link ConsoleCommands}; while {@code status loop} runs, the status every 2 seconds and no prompt until {@code q}.
 *
 * <p>Confined to the connection's event loop thread (the loop's timer runs there too), but for a plan's answer, which
 * is written from the plan's thread when it is done; one instance per connection.
 */
final class ConsoleSession extends SimpleChannelInboundHandler<String> {

    /** OpenSM's prompt, so scripts written for its console find theirs. */
    static final String PROMPT = "OpenSM $ ";

    private final ConsoleCommands commands;
    private ScheduledFuture<?> loopTimer;

    ConsoleSession(Management management) {
        this.commands = new ConsoleCommands(management);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(commands.greeting() + PROMPT);
        loopTimer = ctx.executor().scheduleAtFixedRate(() -> {
            String status = commands.loopTick();
            if (status != null) {
                ctx.writeAndFlush(status);
            }
        }, ConsoleCommands.LOOP_SECONDS, ConsoleCommands.LOOP_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (loopTimer != null) {
            loopTimer.cancel(false);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, String line) {
        ConsoleCommands.Reply reply = commands.execute(line);
        if (reply.later() != null) {
            ctx.writeAndFlush(reply.text());
            reply.later().thenAccept(text -> ctx.writeAndFlush(text + PROMPT));
            return;
        }
        switch (reply.next()) {
            case CLOSE -> ctx.writeAndFlush(reply.text()).addListener(ChannelFutureListener.CLOSE);
            case LOOP -> ctx.writeAndFlush(reply.text());
            case PROMPT -> ctx.writeAndFlush(reply.text() + PROMPT);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
