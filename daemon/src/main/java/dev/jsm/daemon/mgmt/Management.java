package dev.jsm.daemon.mgmt;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.string.StringDecoder;
import io.netty.handler.codec.string.StringEncoder;
import java.nio.charset.StandardCharsets;

/**
 * What the management port's handlers share: the SM they report on and steer ({@link ManagedSm}), its sweep counters
 * and version, the web console, and the two protocol stacks a connection can be switched to.
 *
 * <p>Thread-safe: the SM's reads and the counters are; the handlers run on netty's event loop.
 */
final class Management {

    private static final int MAX_LINE = 1024;
    private static final int MAX_HTTP_REQUEST = 16 * 1024;

    private final ManagedSm sm;
    private final SweepCounters sweeps;
    private final String version;
    private final WebConsole web;

    /** A management port whose web console is read-only. */
    Management(ManagedSm sm, SweepCounters sweeps, String version) {
        this(sm, sweeps, version, false);
    }

    /** A management port whose web console offers its actions when {@code webActions}. */
    Management(ManagedSm sm, SweepCounters sweeps, String version, boolean webActions) {
        this.sm = sm;
        this.sweeps = sweeps;
        this.version = version;
        this.web = new WebConsole(sm, sweeps, version, webActions);
    }

    ManagedSm sm() {
        return sm;
    }

    SweepCounters sweeps() {
        return sweeps;
    }

    String version() {
        return version;
    }

    /** The {@code /metrics} text. */
    String metrics() {
        return PrometheusText.render(sm, sweeps);
    }

    /** The {@code /status} JSON. */
    String status() {
        return StatusJson.render(sm, sweeps, version);
    }

    /** The web console ({@code /}, {@code /ui/}, {@code /api/}). */
    WebConsole web() {
        return web;
    }

    /** HTTP/1.1: codec, whole requests, {@link HttpEndpoint}. */
    void addHttp(ChannelPipeline p) {
        p.addLast(new HttpServerCodec(), new HttpObjectAggregator(MAX_HTTP_REQUEST), new HttpEndpoint(this));
    }

    /** The text console: lines in, text out, {@link ConsoleSession}. */
    void addConsole(ChannelPipeline p) {
        p.addLast(new LineBasedFrameDecoder(MAX_LINE), new StringDecoder(StandardCharsets.UTF_8),
                new StringEncoder(StandardCharsets.UTF_8), new ConsoleSession(this));
    }
}
