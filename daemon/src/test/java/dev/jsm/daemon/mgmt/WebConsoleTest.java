package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.json.Json;

/**
 * The web console's JSON and files on the management port of a daemon that configured a simulated two-level fat
 * tree (4 leaves with 2 hosts each, 2 spines), through the web console's own port: what each endpoint says of that
 * fabric, a switch-to-switch cable pulled showing as a missing link on the map, 404 for every path the console does not
 * serve, and HTTP for a client that connected and stayed silent (as a browser's preconnected sockets do).
 */
class WebConsoleTest {

    @TempDir
    Path dir;

    private SimFabric fabric;
    private SimMadChannel channel;
    private Daemon daemon;
    private final SmEvents events = new SmEvents();
    private ManagementServer server;
    private final LinkedBlockingQueue<Integer> ups = new LinkedBlockingQueue<>();
    private SweepCounters sweeps;

    @BeforeEach
    void upAndServing() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        fabric = new SimFabric(t, 7);
        int ca = 0;
        while (t.node(ca).kind() != NodeKind.CA) {
            ca++;
        }
        channel = fabric.openChannel(ca, 1);
        channel.setIsSm(true);
        SmOptions options = SmOptions.builder().setText(OptionTable.get("sweep_interval"), "0")
                .setText(OptionTable.get("sweep_on_trap"), "FALSE").build();
        daemon = new Daemon(DaemonSettings.of(options, dir, dir), channel, events);
        sweeps = new SweepCounters();
        daemon.addListener(sweeps);
        daemon.addListener(new SweepListener() {
            @Override
            public void subnetUp(FabricView view) {
                ups.add(view.sweep());
            }
        });
        daemon.start();
        awaitUp();
        server = ManagementServer.bind(InetAddress.getLoopbackAddress(), 0, 0,
                new Management(daemon.management(), sweeps, "jsm test", true));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        daemon.close();
        channel.close();
        fabric.close();
    }

    @Test
    void overviewShowsTheMasterTheFabricAndTheSweep() throws Exception {
        Map<String, Object> o = json("/api/overview");
        assertThat(o).containsEntry("smState", "MASTER").containsEntry("master", "self")
                .containsEntry("subnetUp", true).containsEntry("version", "jsm test");
        assertThat(map(o, "fabric")).containsEntry("nodes", 14L).containsEntry("switches", 6L);
        assertThat(list(o, "sweeps")).isNotEmpty();
        assertThat(map(list(o, "sweeps").get(0))).containsEntry("kind", "heavy").containsEntry("ok", true);
        assertThat(list(o, "warnings")).isEmpty();
        assertThat(list(o, "events")).isNotEmpty();
    }

    @Test
    void theMapPutsLeavesBelowSpinesAndEveryCableOk() throws Exception {
        Map<String, Object> m = json("/api/map");
        assertThat(m).containsEntry("levels", 2L).containsEntry("layout", "levels");
        List<Object> switches = list(m, "switches");
        assertThat(switches).hasSize(6);
        assertThat(switches.stream().map(WebConsoleTest::map).filter(s -> s.get("level").equals(0L)))
                .hasSize(4).allSatisfy(s -> assertThat(s).containsEntry("hosts", 2L).containsEntry("hostHealth", 0L));
        assertThat(switches.stream().map(WebConsoleTest::map).filter(s -> s.get("level").equals(1L)))
                .hasSize(2).allSatisfy(s -> assertThat(s).containsEntry("hosts", 0L));
        List<Object> links = list(m, "links");
        assertThat(links).hasSize(8).allSatisfy(l -> assertThat(list(l).get(3)).as("health ok").isEqualTo(0L));
    }

    /** A leaf's uplink pulled: after the next SUBNET UP that pair of switches is a missing link, and back after. */
    @Test
    void aPulledSwitchCableIsAMissingLinkUntilItComesBack() throws Exception {
        Topology t = fabric.topology();
        int leaf = 0;
        int up = 0;
        search:
        for (; leaf < t.nodeCount(); leaf++) {
            if (t.node(leaf).kind() == NodeKind.SWITCH) {
                for (up = 1; up <= t.node(leaf).numPorts(); up++) {
                    int peer = t.peerNode(leaf, up);
                    if (peer >= 0 && t.node(peer).kind() == NodeKind.SWITCH) {
                        break search;
                    }
                }
            }
        }
        fabric.faults().linkDown(leaf, up);
        heavySweep();
        Map<String, Object> m = json("/api/map");
        long missing = list(m, "links").stream().filter(l -> list(l).get(3).equals(5L)).count();
        assertThat(list(m, "health").get(5)).isEqualTo("missing");
        assertThat(missing).isEqualTo(1);
        assertThat(list(json("/api/overview"), "warnings")).contains("1 links gone since an earlier SUBNET UP");

        fabric.faults().linkUp(leaf, up);
        heavySweep();
        assertThat(list(json("/api/map"), "links")).hasSize(8).allSatisfy(l -> assertThat(list(l).get(3))
                .isEqualTo(0L));
    }

    /**
     * Two readings 2 s apart of one end of one spine-to-leaf cable, 1,000,000 words sent and 500,000 received in
     * between: that pair of switches carries 3,000,000 bytes/s, the other pairs' traffic is unknown.
     */
    @Test
    void thePerformanceManagersDataRateIsTheTrafficOfThePairOfSwitches() throws Exception {
        FabricView view = daemon.management().view();
        SubnetSnapshot snap = view.snapshot();
        NodeView sw = snap.nodes().get(snap.switches().get(0).nodeIndex());
        PortView cabled = snap.portsOf(sw).stream().filter(p -> p.portNum() > 0 && p.isConnected()
                && snap.nodeOf(snap.peer(p)).isSwitch()).findFirst().orElseThrow();
        PerfRates rates = new PerfRates();
        rates.readings(perf(1, sw, cabled.portNum(), 1_000, 0, 0));
        PerfRates.Readings r = rates.readings(perf(2, sw, cabled.portNum(), 3_000, 1_000_000, 500_000));

        Map<String, Object> m = new Json().toType(FabricMapJson.render(view, daemon.management().nodeNames(), r,
                Set.of(), null), Json.MAP_TYPE);

        List<Object> switches = list(m, "switches");
        String peer = Guid.toString(snap.nodeOf(snap.peer(cabled)).nodeGuid());
        for (Object l : list(m, "links")) {
            String a = (String) map(switches.get(((Long) list(l).get(0)).intValue())).get("guid");
            String b = (String) map(switches.get(((Long) list(l).get(1)).intValue())).get("guid");
            boolean measured = Set.of(a, b).equals(Set.of(Guid.toString(sw.nodeGuid()), peer));
            assertThat(((Number) list(l).get(5)).doubleValue()).as("%s-%s", a, b)
                    .isEqualTo(measured ? 3_000_000.0 : -1.0);
        }
    }

    /** A snapshot of the performance manager's with {@code port} of {@code node} read at {@code millis}. */
    private static PerfSnapshot perf(long sweeps, NodeView node, int port, long millis, long xmitWords,
                                     long rcvWords) {
        int n = node.numPorts() + 1;
        boolean[] read = new boolean[n];
        read[port] = true;
        long[] totals = new long[n * Counter.COUNT];
        totals[port * Counter.COUNT + Counter.XMIT_DATA.ordinal()] = xmitWords;
        totals[port * Counter.COUNT + Counter.RCV_DATA.ordinal()] = rcvWords;
        long[] when = new long[n];
        when[port] = millis;
        return new PerfSnapshot(true, sweeps, 0, 0, 0, 0, 0, 0, List.of(new PerfSnapshot.Node(node.nodeGuid(), "sw",
                true, true, 0, node.numPorts(), read, totals, new double[n], new long[n], when.clone(), when)));
    }

    @Test
    void aSwitchPageRoutesEveryLidOutOfOnePort() throws Exception {
        FabricView view = daemon.management().view();
        long guid = view.snapshot().switches().get(0).nodeGuid();
        Map<String, Object> n = json("/api/node?guid=" + Guid.toString(guid));
        assertThat(n).containsEntry("isSwitch", true).containsEntry("guid", Guid.toString(guid));
        long routes = 0;
        for (Object p : list(n, "ports")) {
            routes += (Long) map(p).get("routes");
        }
        assertThat(routes).as("each of the 14 LIDs leaves by one port").isEqualTo(14);
        assertThat(list(n, "ports").stream().map(WebConsoleTest::map).filter(p -> p.containsKey("peer")))
                .allSatisfy(p -> assertThat(p).containsEntry("state", "active").containsEntry("health", "ok"));

        Map<String, Object> p = json("/api/port?guid=" + Guid.toString(guid) + "&port=1");
        assertThat(map(p, "port")).containsEntry("port", 1L);
        assertThat(map(p, "counters")).as("the performance manager is off").isEmpty();
        assertThat(get("/api/node?guid=0x1234").statusCode()).isEqualTo(404);
        assertThat(get("/api/node?guid=zz").statusCode()).isEqualTo(400);
        assertThat(get("/api/port?guid=" + Guid.toString(guid) + "&port=99").statusCode()).isEqualTo(404);
        assertThat(get("/api/port?guid=" + Guid.toString(guid)).statusCode()).isEqualTo(400);
    }

    @Test
    void routingShowsTheEngineAndTheCheckOnceItRan() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (daemon.management().routeCheck() == null && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Map<String, Object> r = json("/api/routing");
        assertThat(r).containsEntry("engine", daemon.management().view().routing().engineUsed().orElseThrow());
        Map<String, Object> check = map(r, "check");
        assertThat(check).containsEntry("unreachable", 0L).containsEntry("lids", 14L);
        long pairs = 0;
        for (Object n : list(map(check, "hops"), "histogram")) {
            pairs += (Long) n;
        }
        assertThat(pairs).as("the histogram counts every delivered pair").isEqualTo(check.get("delivered"));
        assertThat(map(check, "creditLoops")).containsEntry("cycle", false);
        assertThat(list(map(check, "creditLoops"), "perVl")).isNotEmpty().allSatisfy(v -> assertThat(map(v))
                .containsEntry("verdict", "none"));
        assertThat(list(r, "partitions")).isNotEmpty();
    }

    @Test
    void thePageAndItsFilesComeFromTheJarAndOtherPathsAreNotFound() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).contains("text/html; charset=utf-8");
        assertThat(page.body()).contains("<script src=\"/ui/app.js\"></script>");
        assertThat(get("/ui/").body()).isEqualTo(page.body());
        assertThat(get("/ui/app.js").body()).contains("/api/map");
        assertThat(get("/ui/app.css").statusCode()).isEqualTo(200);
        HttpResponse<String> uplot = get("/ui/lib/uPlot.iife.min.js");
        assertThat(uplot.statusCode()).isEqualTo(200);
        assertThat(uplot.body()).contains("uPlot");
        assertThat(get("/ui/lib/uPlot.min.css").statusCode()).isEqualTo(200);
        for (String path : List.of("/ui/nothing.js", "/ui/../index.html", "/ui/lib/", "/api/", "/api/nothing",
                "/api/plan/more", "/api/planx",
                "/dev/jsm/daemon/mgmt/web/app.js", "/META-INF/MANIFEST.MF")) {
            assertThat(get(path).statusCode()).as(path).isEqualTo(404);
        }
    }

    /**
     * A browser's preconnected socket: silent for longer than the console's port waits before it greets a telnet
     * user, then a request. The web console's port answers it in HTTP; the console's port would have sent its banner.
     */
    @Test
    void theWebPortAnswersASilentClientInHttp() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.webPort())) {
            s.setSoTimeout(30_000);
            Thread.sleep(2 * ProtocolSniffer.CONSOLE_AFTER_MS);
            String request = "GET /ui/app.css HTTP/1.1\r\nHost: x\r\n\r\n";
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            byte[] head = s.getInputStream().readNBytes(15);
            assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200 OK");
        }
    }

    /**
     * With {@code web_console_actions}: a resweep and sweeping off and on, each only with the action header; without
     * it every action is refused, and a path that is no action is 404 either way.
     */
    @Test
    void actionsNeedTheOptionAndTheHeader() throws Exception {
        assertThat(json("/api/overview")).containsEntry("actions", true).containsEntry("sweeping", true);
        assertThat(post("/api/action/resweep", false).statusCode()).isEqualTo(403);
        assertThat(ups).isEmpty();
        assertThat(post("/api/action/resweep", true).statusCode()).isEqualTo(200);
        awaitUp();
        assertThat(post("/api/action/sweep-off", true).statusCode()).isEqualTo(200);
        assertThat(daemon.management().sweeping()).isFalse();
        assertThat(post("/api/action/sweep-on", true).statusCode()).isEqualTo(200);
        assertThat(daemon.management().sweeping()).isTrue();
        assertThat(post("/api/action/nothing", true).statusCode()).isEqualTo(404);

        WebConsole readOnly = new WebConsole(daemon.management(), sweeps, "jsm test", false);
        for (String action : List.of("resweep", "sweep-on", "sweep-off")) {
            assertThat(readOnly.post("/api/action/" + action, true).status()).isEqualTo(403);
        }
        assertThat(readOnly.post("/api/action/nothing", true).status()).isEqualTo(404);
        assertThat(daemon.management().sweeping()).isTrue();
    }

    private HttpResponse<String> post(String path, boolean marked) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.webPort() + path))
                .POST(HttpRequest.BodyPublishers.noBody());
        if (marked) {
            b.header(WebConsole.ACTION_HEADER, "1");
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void awaitUp() throws InterruptedException {
        assertThat(ups.poll(60, TimeUnit.SECONDS)).as("SUBNET UP").isNotNull();
    }

    private void heavySweep() throws InterruptedException {
        events.request(SmEvent.HEAVY_SWEEP, "test");
        awaitUp();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.webPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private Map<String, Object> json(String path) throws Exception {
        HttpResponse<String> r = get(path);
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).contains("application/json");
        return new Json().toType(r.body(), Json.MAP_TYPE);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static Map<String, Object> map(Map<String, Object> o, String field) {
        return map(o.get(field));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    private static List<Object> list(Map<String, Object> o, String field) {
        return list(o.get(field));
    }
}
