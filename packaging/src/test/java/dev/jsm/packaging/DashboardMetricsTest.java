package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mgmt.ManagementServer;
import dev.jsm.daemon.mgmt.SweepCounters;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The alerting rules and the Grafana dashboard the package ships name only metrics the daemon's {@code /metrics}
 * exports: every metric name in their PromQL ({@link PromQlNames}) is checked against the families of a real
 * scrape ({@link ExportedMetrics}) of a daemon that brought up a simulated fat tree, so a renamed or dropped family
 * fails here rather than as a dashboard gone blank. Also the files' shape: each alert has a {@code for}, a severity
 * and annotations; the dashboard takes its data source from a variable.
 */
class DashboardMetricsTest {

    private static ExportedMetrics exported;

    @BeforeAll
    static void scrapeADaemonOnTheSimulator() throws Exception {
        Path dir = Files.createTempDirectory("jsm-dashboard-test");
        Optional<String> scrape = Optional.empty();
        for (int attempt = 0; scrape.isEmpty() && attempt < 5; attempt++) {
            scrape = scrape(dir);
        }
        exported = ExportedMetrics.parse(scrape.orElseThrow());
    }

    /**
     * Starts a daemon on a simulated fat tree with the management port on a free loopback port; its scrape after
     * SUBNET UP, or nothing if another process took the port meanwhile.
     */
    private static Optional<String> scrape(Path dir) throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        int ca = 0;
        while (t.node(ca).kind() != NodeKind.CA) {
            ca++;
        }
        SmOptions options = SmOptions.builder().setText(OptionTable.get("sweep_interval"), "0")
                .setText(OptionTable.get("console"), "loopback")
                .setText(OptionTable.get("console_port"), Integer.toString(freePort())).build();
        try (SimFabric fabric = new SimFabric(t, 7); SimMadChannel channel = fabric.openChannel(ca, 1)) {
            channel.setIsSm(true);
            try (Daemon daemon = new Daemon(DaemonSettings.of(options, dir, dir), channel, new SmEvents())) {
                SweepCounters sweeps = new SweepCounters();
                daemon.addListener(sweeps);
                CountDownLatch up = new CountDownLatch(1);
                daemon.addListener(new SweepListener() {
                    @Override
                    public void subnetUp(FabricView view) {
                        up.countDown();
                    }
                });
                Optional<ManagementServer> server = ManagementServer.start(options, daemon.management(), sweeps,
                        "jsm test");
                if (server.isEmpty()) {
                    return Optional.empty();
                }
                try (ManagementServer s = server.get()) {
                    daemon.start();
                    assertThat(up.await(60, TimeUnit.SECONDS)).as("SUBNET UP").isTrue();
                    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + s.port() + "/metrics")).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertThat(r.statusCode()).isEqualTo(200);
                    return Optional.of(r.body());
                }
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void everyMetricTheRulesAndTheDashboardNameIsOneTheDaemonExports() throws Exception {
        List<ShippedQueries.Query> queries = shipped();
        assertThat(unknownNames(queries)).as("metrics named but not exported, by where they are named").isEmpty();
        Set<String> used = new TreeSet<>();
        queries.forEach(q -> used.addAll(PromQlNames.of(q.expr())));
        assertThat(used).as("the names were found at all").hasSizeGreaterThan(40).contains("jsm_sm_state",
                "jsm_remote_sms", "jsm_port_link_downs_total", "jsm_perfmgr_port_errors_total", "jsm_sa_refused_total",
                "jvm_gc_collection_seconds_sum", "process_resident_memory_bytes");
    }

    @Test
    void everySampleOfTheScrapeBelongsToAFamilyItDeclares() {
        assertThat(exported.samplesWithoutFamily()).isEmpty();
        assertThat(exported.families()).containsEntry("jsm_sweeps_total", "counter")
                .containsEntry("jvm_gc_collection_seconds", "summary").containsEntry("jsm_remote_sm_state", "gauge");
    }

    /** The check itself: a rule naming what the daemon does not export is caught, whatever the suffix rule. */
    @Test
    void aRuleNamingAMetricTheDaemonDoesNotExportIsReported() throws Exception {
        String broken = rulesText() + """
                      - alert: Broken
                        expr: |
                          jsm_no_such_metric > 0 or rate(jsm_sweeps[5m]) > 0
                            or histogram_quantile(0.9, rate(jvm_gc_collection_seconds_bucket[5m])) > 1
                            or sum by (jsm_subnet_up) (jvm_gc_collection_seconds_count) > 0
                """;
        assertThat(unknownNames(ShippedQueries.ofRules(broken))).containsExactly(Map.entry("rule Broken",
                Set.of("jsm_no_such_metric", "jsm_sweeps", "jvm_gc_collection_seconds_bucket")));
    }

    @Test
    void everyAlertHasAForASeverityAndASummaryAndDescription() throws Exception {
        List<Map<String, Object>> rules = ShippedQueries.ruleList(ShippedQueries.rules(rulesText()));
        assertThat(rules).extracting(r -> r.get("alert")).containsExactlyInAnyOrder("JsmNoMasterSm",
                "JsmSubnetNotUp", "JsmHeavySweepsRepeating", "JsmPortErrorsRising", "JsmPortFlapping",
                "JsmHaPeerLost", "JsmSaRefusingRequests");
        for (Map<String, Object> rule : rules) {
            assertThat(rule).as(rule.get("alert").toString()).containsKeys("expr", "for", "labels", "annotations");
            assertThat(String.valueOf(rule.get("for"))).matches("\\d+[smh]");
            assertThat(map(rule, "labels").get("severity")).isIn("critical", "warning");
            assertThat(map(rule, "annotations")).containsKeys("summary", "description");
        }
    }

    @Test
    void theDashboardTakesItsDataSourceFromAVariableAndItsPanelsFitTheGrid() throws Exception {
        JsonNode d = ShippedQueries.dashboard(ShippedQueries.DASHBOARD);
        assertThat(d.path("schemaVersion").asInt()).isGreaterThanOrEqualTo(36);
        assertThat(d.path("uid").asText()).isNotBlank();
        JsonNode source = d.path("templating").path("list").get(0);
        assertThat(source.path("type").asText()).isEqualTo("datasource");
        assertThat(source.path("query").asText()).isEqualTo("prometheus");
        String uid = "${" + source.path("name").asText() + "}";
        Set<Integer> ids = new HashSet<>();
        for (JsonNode p : ShippedQueries.panelList(d)) {
            String title = p.path("title").asText();
            assertThat(ids.add(p.path("id").asInt())).as("unique id of " + title).isTrue();
            JsonNode at = p.path("gridPos");
            assertThat(at.path("x").asInt() + at.path("w").asInt()).as(title).isBetween(1, 24);
            if (!"row".equals(p.path("type").asText())) {
                assertThat(p.path("datasource").path("uid").asText()).as(title).isEqualTo(uid);
                assertThat(p.path("targets")).as(title).isNotEmpty();
                p.path("targets").forEach(t -> assertThat(t.path("datasource").path("uid").asText()).isEqualTo(uid));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> rule, String key) {
        return (Map<String, Object>) rule.get(key);
    }

    /** Where each query names metrics the scrape does not export: those names. */
    private static Map<String, Set<String>> unknownNames(List<ShippedQueries.Query> queries) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (ShippedQueries.Query q : queries) {
            Set<String> unknown = new TreeSet<>();
            for (String name : PromQlNames.of(q.expr())) {
                if (!exported.exports(name)) {
                    unknown.add(name);
                }
            }
            if (!unknown.isEmpty()) {
                out.merge(q.where(), unknown, (a, b) -> {
                    Set<String> both = new TreeSet<>(a);
                    both.addAll(b);
                    return both;
                });
            }
        }
        return out;
    }

    private static List<ShippedQueries.Query> shipped() throws IOException {
        List<ShippedQueries.Query> all = new ArrayList<>(ShippedQueries.ofRules(rulesText()));
        all.addAll(ShippedQueries.ofDashboard(ShippedQueries.dashboard(ShippedQueries.DASHBOARD)));
        return all;
    }

    private static String rulesText() throws IOException {
        return ShippedQueries.read(ShippedQueries.RULES);
    }
}
