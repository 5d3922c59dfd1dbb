package dev.jsm.daemon.mgmt;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;

/**
 * Answers the HTTP requests of the management port: {@code GET /metrics} (Prometheus text), {@code GET /status}
 * (JSON), the web console's pages, JSON and actions (POST; {@link WebConsole}); 404 for other paths, 405 for other
 * methods.
 * Keep-alive is honoured.
 *
 * <p>Confined to the connection's event loop thread, but for a plan's answer ({@code /api/plan}), which is written
 * from the plan's thread when it is done.
 */
final class HttpEndpoint extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final Management management;

    HttpEndpoint(Management management) {
        this.management = management;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        String path = uri.path();
        boolean head = request.method().equals(HttpMethod.HEAD);
        FullHttpResponse response;
        if (request.method().equals(HttpMethod.POST)) {
            response = answer(management.web().post(path, request.headers().contains(WebConsole.ACTION_HEADER)));
        } else if (!request.method().equals(HttpMethod.GET) && !head) {
            response = text(HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET, HEAD and POST\n", "text/plain");
            response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD, POST");
        } else if (path.equals("/metrics")) {
            response = text(HttpResponseStatus.OK, management.metrics(), PrometheusText.CONTENT_TYPE);
        } else if (path.equals("/status")) {
            response = text(HttpResponseStatus.OK, management.status() + "\n", "application/json");
        } else if (WebConsole.isPlan(path)) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            management.web().plan(uri.parameters()).thenAccept(a -> send(ctx, answer(a), head, keepAlive));
            return;
        } else {
            response = answer(management.web().get(path, uri.parameters()));
        }
        send(ctx, response, head, HttpUtil.isKeepAlive(request));
    }

    /** Writes {@code response}, without its body for a HEAD; from any thread (a plan's answer comes later). */
    private static void send(ChannelHandlerContext ctx, FullHttpResponse answer, boolean head, boolean keepAlive) {
        FullHttpResponse response = answer;
        if (head) {
            int length = response.content().readableBytes();
            response = response.replace(Unpooled.EMPTY_BUFFER);
            HttpUtil.setContentLength(response, length);
        }
        HttpUtil.setKeepAlive(response, keepAlive);
        if (keepAlive) {
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private static FullHttpResponse answer(WebConsole.Answer a) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(a.status()),
                Unpooled.wrappedBuffer(a.body()));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
        r.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        HttpUtil.setContentLength(r, a.body().length);
        return r;
    }

    private static FullHttpResponse text(HttpResponseStatus status, String body, String type) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        HttpUtil.setContentLength(r, r.content().readableBytes());
        return r;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
