package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.subnet.Guid;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The web console on the management port: the page and its files under {@code /ui/} ({@code /} is the page too), and
 * its read-only JSON under {@code /api/}: {@code overview}, {@code map}, {@code node?guid=}, {@code port?guid=&port=},
 * {@code routing}, and {@code plan[?conf=FILE]}, what a HUP to the configuration file as it is on disk would change
 * ({@link ManagedSm#plan}: JSON when it ran, 409 while another plan runs, 422 with the reason when it cannot run).
 * Every answer is built from what {@link ManagedSm} publishes (the view, immutable reports and
 * counters), never by asking the SM thread; anything else is 404, a malformed GUID or port 400. With
 * {@code web_console_actions} it also takes {@code POST /api/action/resweep}, {@code sweep-on} and {@code sweep-off},
 * each only with the {@value #ACTION_HEADER} header (which another site's page cannot send without a CORS preflight
 * this server never answers); they only queue a sweep or set the sweeping flag, as the console's commands do.
 *
 * <p>Thread-safe: its parts are; called on netty's event loop.
 */
final class WebConsole {

    /** An answer: HTTP status, content type, body. */
    record Answer(int status, String contentType, byte[] body) {
        static Answer json(String json) {
            return new Answer(200, "application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        static Answer text(int status, String text) {
            return new Answer(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The header an action's request must carry. */
    static final String ACTION_HEADER = "X-Jsm-Action";

    private final ManagedSm sm;
    private final SweepCounters sweeps;
    private final String version;
    private final WebAssets assets = new WebAssets();
    private final PerfRates perf = new PerfRates();
    private final TorusLayout torus = new TorusLayout();
    private final boolean actions;

    WebConsole(ManagedSm sm, SweepCounters sweeps, String version, boolean actions) {
        this.sm = sm;
        this.sweeps = sweeps;
        this.version = version;
        this.actions = actions;
    }

    /** The answer to a POST of {@code path}; {@code marked} whether it carried {@value #ACTION_HEADER}. */
    Answer post(String path, boolean marked) {
        Runnable action = switch (path) {
            case "/api/action/resweep" -> () -> sm.requestHeavySweep("web console");
            case "/api/action/sweep-on" -> () -> sm.setSweeping(true);
            case "/api/action/sweep-off" -> () -> sm.setSweeping(false);
            default -> null;
        };
        if (action == null) {
            return notFound();
        }
        if (!actions) {
            return Answer.text(403, "actions are off (web_console_actions FALSE)\n");
        }
        if (!marked) {
            return Answer.text(403, "an action needs the " + ACTION_HEADER + " header\n");
        }
        action.run();
        return Answer.json("{\"done\":true}");
    }

    /** The answer to a GET of {@code path} with the query's parameters. */
    Answer get(String path, Map<String, List<String>> query) {
        if (path.equals("/") || path.equals("/ui") || path.equals("/ui/")) {
            return asset("index.html");
        }
        if (path.startsWith("/ui/")) {
            return asset(path.substring("/ui/".length()));
        }
        try {
            return switch (path) {
                case "/api/overview" -> Answer.json(OverviewJson.render(sm, sweeps, version, actions,
                        System.currentTimeMillis()));
                case "/api/map" -> {
                    FabricView view = sm.view();
                    yield Answer.json(FabricMapJson.render(view, sm.nodeNames(), readings(),
                            sweeps.linkDowns().missing(), torus.of(view.routing())));
                }
                case "/api/routing" -> Answer.json(RoutingJson.render(sm.view(), sm.routeCheck()));
                case "/api/node" -> found(NodePageJson.node(sm.view().snapshot(), sm.nodeNames(), readings(),
                        Guid.parseLong(param(query, "guid"))));
                case "/api/port" -> found(NodePageJson.port(sm.view().snapshot(), sm.nodeNames(), readings(),
                        sm.perfHistory(), Guid.parseLong(param(query, "guid")),
                        Integer.parseInt(param(query, "port"))));
                default -> notFound();
            };
        } catch (IllegalArgumentException e) {
            return Answer.text(400, "bad request: " + e.getMessage() + "\n");
        }
    }

    /** Whether a GET of {@code path} is answered later, by {@link #plan}. */
    static boolean isPlan(String path) {
        return path.equals("/api/plan");
    }

    /** The answer to a GET of {@code /api/plan}, once the plan has run (at once when another runs). */
    CompletableFuture<Answer> plan(Map<String, List<String>> query) {
        List<String> conf = query.get("conf");
        return sm.plan(conf == null || conf.isEmpty() ? null : conf.get(0)).thenApply(a -> switch (a.outcome()) {
            case DONE -> Answer.json(a.json());
            case BUSY -> Answer.text(409, a.text() + "\n");
            case FAILED -> Answer.text(422, "plan: " + a.text() + "\n");
        });
    }

    private PerfRates.Readings readings() {
        return perf.readings(sm.perfCounters());
    }

    private static String param(Map<String, List<String>> query, String name) {
        List<String> v = query.get(name);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("missing parameter '" + name + "'");
        }
        return v.get(0);
    }

    private Answer asset(String name) {
        WebAssets.Asset a = assets.get(name);
        return a == null ? notFound() : new Answer(200, a.contentType(), a.bytes());
    }

    private static Answer found(String json) {
        return json == null ? Answer.text(404, "no such node or port in the fabric\n") : Answer.json(json);
    }

    private static Answer notFound() {
        return Answer.text(404, "not found; try /ui/, /metrics or /status\n");
    }
}
