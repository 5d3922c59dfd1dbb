package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.routing.RoutingResult;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.SwitchView;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The management port on a daemon that configured a simulated fat tree: HTTP {@code /metrics} and {@code /status},
 * and the text console on the same port, over loopback.
 */
class ManagementServerTest {

    @TempDir
    Path dir;

    private SimFabric fabric;
    private SimMadChannel channel;
    private Daemon daemon;
    private final SmEvents events = new SmEvents();
    private ManagementServer server;
    private final LinkedBlockingQueue<Integer> ups = new LinkedBlockingQueue<>();

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
        // sweeps only when a test asks: a trap's incremental sweep would bring a SUBNET UP a test did not wait for
        SmOptions options = SmOptions.builder().setText(OptionTable.get("sweep_interval"), "0")
                .setText(OptionTable.get("sweep_on_trap"), "FALSE").build();
        daemon = new Daemon(DaemonSettings.of(options, dir, dir), channel, events);
        SweepCounters sweeps = new SweepCounters();
        daemon.addListener(sweeps);
        daemon.addListener(new SweepListener() {
            @Override
            public void subnetUp(FabricView view) {
                ups.add(view.sweep());
            }
        });
        daemon.start();
        awaitUp();
        server = ManagementServer.bind(InetAddress.getLoopbackAddress(), 0,
                new Management(daemon.management(), sweeps, "jsm test"));
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
    void metricsAfterASweepShowMadsRoutingAndTheFabric() throws Exception {
        HttpResponse<String> r = get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).contains(PrometheusText.CONTENT_TYPE);
        String m = r.body();
        assertThat(value(m, "jsm_mads_sent_total")).isPositive();
        assertThat(value(m, "jsm_mads_received_total")).isPositive();
        assertThat(value(m, "jsm_mads_sent_by_attribute_total{attribute=\"NodeInfo\"}")).isPositive();
        assertThat(value(m, "jsm_mads_sent_by_attribute_total{attribute=\"LinearForwardingTable\"}")).isPositive();
        assertThat(value(m, "jsm_sweeps_total{kind=\"heavy\",result=\"ok\"}")).isEqualTo(1);
        assertThat(value(m, "jsm_subnet_up")).isEqualTo(1);
        assertThat(value(m, "jsm_sm_state{state=\"MASTER\"}")).isEqualTo(1);
        assertThat(value(m, "jsm_fabric_switches")).isEqualTo(6);
        assertThat(value(m, "jsm_fabric_nodes")).isEqualTo(14);
        String engine = view().routing().engineUsed().orElseThrow();
        assertThat(value(m, "jsm_routing_engine{engine=\"" + engine + "\"}")).isEqualTo(1);
        assertThat(m).containsPattern("\njsm_routing_compute_seconds\\{engine=\"" + engine + "\"\\} \\d+\\.\\d{6}\n")
                .containsPattern("\njsm_last_sweep_duration_seconds\\{kind=\"heavy\"\\} \\d+\\.\\d{6}\n");
        assertThat(m).contains("# TYPE jsm_sa_requests_total counter\n");
        assertThat(value(m, "jsm_sa_refused_total{reason=\"rate\"}")).isZero();
        assertThat(m).contains("jsm_sa_refused_total{reason=\"service_record_foreign\"} 0\n",
                "jsm_sa_refused_total{reason=\"rmpp_too_large\"} 0\n", "# TYPE jsm_sa_answer_bytes_in_flight gauge\n");
        assertThat(m).as("congestion_control is off").contains("jsm_cc_sets_total 0\n",
                "jsm_cc_set_outcomes_total{result=\"timeout\"} 0\n", "jsm_cc_unavailable_ports 0\n");
        // the process's own families, as Prometheus' Java client names them
        assertThat(value(m, "process_resident_memory_bytes")).as("any JVM's resident set").isGreaterThan(16L << 20);
        assertThat(value(m, "jvm_memory_used_bytes{area=\"heap\"}")).isPositive()
                .isLessThanOrEqualTo(value(m, "jvm_memory_committed_bytes{area=\"heap\"}"));
        assertThat(value(m, "process_open_fds")).isPositive();
        assertThat(value(m, "jvm_threads_current")).isPositive();
        assertThat(m).containsPattern("\nprocess_cpu_seconds_total \\d+\\.\\d{6}\n")
                .containsPattern("\njvm_memory_pool_collection_used_bytes\\{pool=\"[^\"]+\"\\} \\d+\n")
                .containsPattern("\njvm_gc_collection_seconds_count\\{gc=\"[^\"]+\"\\} \\d+\n")
                .contains("# TYPE jvm_gc_collection_seconds summary\n");
        for (String line : m.split("\n")) {
            assertThat(line).as("exposition format").matches("# (HELP|TYPE) \\w+ .+|\\w+(\\{[^}]*\\})? \\S+");
        }
    }

    /**
     * A host's cable pulled between two heavy sweeps: the link counts one down at the host's port and one at the
     * switch port it was on, again after it came back and was pulled once more; the time of the last SUBNET UP moves
     * on, and no sweep failed.
     */
    @Test
    void aCablePulledTwiceCountsTwoLinkDownsAtBothItsEnds() throws Exception {
        String before = get("/metrics").body();
        assertThat(value(before, "jsm_link_downs_total")).isZero();
        assertThat(before).contains("# TYPE jsm_port_link_downs_total counter\n").doesNotContain(
                "\njsm_port_link_downs_total{");
        double firstUp = decimal(before, "jsm_last_subnet_up_timestamp_seconds");
        assertThat(firstUp).isPositive();
        Topology t = fabric.topology();
        int host = t.nodeCount() - 1;
        while (t.node(host).kind() != NodeKind.CA) {
            host--;
        }
        int sw = t.peerNode(host, 1);
        String hostPort = "node_guid=\"" + Guid.toString(t.node(host).nodeGuid()) + "\",node_desc=\""
                + view().snapshot().node(t.node(host).nodeGuid()).description() + "\",port=\"1\"";
        String switchPort = "node_guid=\"" + Guid.toString(t.node(sw).nodeGuid()) + "\",node_desc=\""
                + view().snapshot().node(t.node(sw).nodeGuid()).description() + "\",port=\"" + t.peerPort(host, 1)
                + "\"";

        for (int pulls = 1; pulls <= 2; pulls++) {
            fabric.faults().linkDown(host, 1);
            heavySweep();
            fabric.faults().linkUp(host, 1);
            heavySweep();
            String m = get("/metrics").body();
            assertThat(value(m, "jsm_link_downs_total")).isEqualTo(pulls);
            assertThat(value(m, "jsm_port_link_downs_total{" + hostPort + "}")).isEqualTo(pulls);
            assertThat(value(m, "jsm_port_link_downs_total{" + switchPort + "}")).isEqualTo(pulls);
            assertThat(m).containsOnlyOnce("\njsm_port_link_downs_total{node_guid=\""
                    + Guid.toString(t.node(sw).nodeGuid())).containsOnlyOnce("\njsm_port_link_downs_total{" + hostPort);
        }
        String after = get("/metrics").body();
        assertThat(decimal(after, "jsm_last_subnet_up_timestamp_seconds")).isGreaterThanOrEqualTo(firstUp);
        assertThat(value(after, "jsm_sweeps_failed_since_subnet_up")).isZero();
    }

    @Test
    void statusIsOneJsonObjectAndOtherPathsAreNotFound() throws Exception {
        HttpResponse<String> r = get("/status");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).startsWith("{\"version\":\"jsm test\",\"smState\":\"MASTER\",\"subnetUp\":true,")
                .contains("\"fabric\":{\"nodes\":14,\"switches\":6,\"endPorts\":14,")
                .contains("\"routingEngine\":\"" + view().routing().engineUsed().orElseThrow() + "\"")
                .contains(",\"smPort\":\"" + channel.localPort().caName() + "/1\",\"smPortGuid\":\""
                        + Guid.toString(channel.localPort().portGuid()) + "\",\"smPriority\":")
                .endsWith("}}\n");
        assertThat(get("/nothing").statusCode()).isEqualTo(404);
    }

    @Test
    void theConsoleAnswersStatusResweepsReroutesAndQuits() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.setSoTimeout(30_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = s.getOutputStream();
            assertThat(untilPrompt(in)).contains("jsm test console");
            send(out, "status");
            assertThat(untilPrompt(in)).contains("SM State             : MASTER", "14 nodes, 6 switches",
                    "UP since heavy sweep 1");
            send(out, "resweep heavy");
            assertThat(untilPrompt(in)).contains("heavy sweep requested");
            awaitUp();
            RoutingResult before = view().routing();
            send(out, "resweep");
            untilPrompt(in);
            awaitUp();
            assertThat(view().routing()).as("an unchanged fabric keeps its routes").isSameAs(before);
            send(out, "reroute");
            assertThat(untilPrompt(in)).contains("rerouting requested");
            awaitUp();
            assertThat(view().routing()).isNotSameAs(before);
            send(out, "loglevel");
            assertThat(untilPrompt(in)).contains("log is not started");
            send(out, "dump_conf");
            assertThat(untilPrompt(in)).contains("\nsweep_interval 0\n", "\nrouting_engine ");
            send(out, "priority 7");
            assertThat(untilPrompt(in)).contains("SM priority 7");
            assertThat(daemon.management().sm().priority()).isEqualTo(7);
            send(out, "priority 16");
            assertThat(untilPrompt(in)).contains("expected a number 0..15");
            send(out, "portstatus");
            assertThat(untilPrompt(in)).contains("Port status of the", "state: {Active=");
            send(out, "lidbalance");
            assertThat(untilPrompt(in)).contains("LID balance of 6 switches: 0 with switch ports differing");
            send(out, "frobnicate");
            assertThat(untilPrompt(in)).contains("unknown command 'frobnicate'");
            send(out, "quit");
            assertThat(in.readLine()).isEqualTo("Bye");
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    /**
     * OpenSM's other console commands through the TCP port: sweep off drops sweep requests until sweep on, status
     * loop repeats until "q", querylid, switchbalance, dump_portguid (to the session and to a file), update_desc,
     * version, permodlog, logflush.
     */
    @Test
    void theConsoleRunsOpenSmsOtherCommands() throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.setSoTimeout(30_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = s.getOutputStream();
            untilPrompt(in);
            send(out, "sweep off");
            assertThat(untilPrompt(in)).isEmpty();
            send(out, "status");
            assertThat(untilPrompt(in)).contains("Sweeping enabled     : 0");
            send(out, "resweep heavy");
            untilPrompt(in);
            assertThat(ups.poll(2, TimeUnit.SECONDS)).as("no sweep while sweeping is off").isNull();
            send(out, "sweep on");
            assertThat(untilPrompt(in)).isEmpty();
            send(out, "update_desc");
            assertThat(untilPrompt(in)).isEmpty();
            awaitUp();
            send(out, "sweep sideways");
            assertThat(untilPrompt(in)).startsWith("Invalid sweep command\nsweep [on|off]\n");

            send(out, "status loop");
            StringBuilder loop = new StringBuilder();
            while (loop.indexOf("SM State", loop.indexOf("SM State") + 1) < 0) {
                loop.append(in.readLine()).append('\n');
            }
            assertThat(loop.toString()).startsWith("Looping on status command...\n").contains(
                    ConsoleCommands.LOOP_REMINDER);
            send(out, "status");
            send(out, "q");
            assertThat(untilPrompt(in)).contains(ConsoleCommands.LOOP_REMINDER);

            SubnetSnapshot snap = view().snapshot();
            EndPortView ca = snap.endPorts().stream().filter(e -> !snap.nodes().get(e.nodeIndex()).isSwitch())
                    .findFirst().orElseThrow();
            NodeView caNode = snap.nodes().get(ca.nodeIndex());
            send(out, "querylid " + ca.lidRange().base());
            assertThat(untilPrompt(in)).isEqualTo(String.format("Query results for LID %d%n"
                    + "   GUID                : 0x%016x%n   Node Desc           : %s%n"
                    + "   Node Type           : Channel Adapter%n   Num Ports           : %d%n"
                    + "   Port 1 health       : OK%n", ca.lidRange().base(), ca.portGuid(), caNode.description(),
                    caNode.numPorts()));
            send(out, "querylid 0xbfff");
            assertThat(untilPrompt(in)).isEqualTo("Invalid lid 49151\n");
            send(out, "querylid");
            assertThat(untilPrompt(in)).startsWith("no LID specified\n");

            send(out, "switchbalance");
            assertThat(untilPrompt(in)).as("fat2:k=4 is balanced").isEmpty();
            SwitchView leaf = snap.switches().get(0);
            send(out, "switchbalance verbose " + Guid.toString(leaf.nodeGuid()));
            assertThat(untilPrompt(in)).startsWith(String.format("Switch: 0x%016x (", leaf.nodeGuid()))
                    .containsPattern("\nPort \\d+: \\d+\n");
            send(out, "switchbalance verbose 0x1234");
            assertThat(untilPrompt(in)).isEqualTo("guid not found\n");

            String desc = caNode.description();
            send(out, "dump_portguid ^" + Pattern.quote(desc) + "$");
            assertThat(untilPrompt(in)).isEqualTo("0x" + Long.toHexString(ca.portGuid()) + "\n");
            Path file = dir.resolve("guids");
            send(out, "dump_portguid file " + file + " .");
            assertThat(untilPrompt(in)).isEmpty();
            assertThat(Files.readAllLines(file)).hasSize(snap.endPorts().size());
            send(out, "dump_portguid");
            assertThat(untilPrompt(in)).isEqualTo("No valid expression provided. Aborting\n");

            send(out, "version");
            assertThat(untilPrompt(in)).isEqualTo("jsm test\n");
            send(out, "permodlog");
            assertThat(untilPrompt(in)).as("no per-module logging file here").isEmpty();
            send(out, "logflush off");
            assertThat(untilPrompt(in)).isEqualTo("logflush: the daemon does not log to a file\n");
            send(out, "logflush");
            assertThat(untilPrompt(in)).startsWith("Invalid logflush command\n");
        }
    }

    /** {@code console local}: commands from standard input, answers and prompts on standard output, until quit. */
    @Test
    void theLocalConsoleReadsTheTerminal() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream stdin = new PipedInputStream(keyboard);
        try (LocalConsole console = LocalConsole.start(daemon.management(), new SweepCounters(), "jsm test", stdin,
                new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            keyboard.write("version\nquit\n".getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            for (int i = 0; i < 300 && !bytes.toString(StandardCharsets.UTF_8).endsWith("Bye\n"); i++) {
                Thread.sleep(100);
            }
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("jsm test console; type 'help' for the "
                + "commands\n" + ConsoleSession.PROMPT + "jsm test\n" + ConsoleSession.PROMPT + "Bye\n");
    }

    /** What the daemon's last SUBNET UP published, as the management port reads it. */
    private FabricView view() {
        return daemon.management().view();
    }

    private void awaitUp() throws InterruptedException {
        assertThat(ups.poll(60, TimeUnit.SECONDS)).as("SUBNET UP").isNotNull();
    }

    private void heavySweep() throws InterruptedException {
        events.request(SmEvent.HEAVY_SWEEP, "test");
        awaitUp();
    }

    private static double decimal(String metrics, String series) {
        Matcher m = Pattern.compile("\n" + Pattern.quote(series) + " (\\d+\\.\\d+)\n").matcher(metrics);
        assertThat(m.find()).as(series).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + server.port() + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static long value(String metrics, String series) {
        Matcher m = Pattern.compile("\n" + Pattern.quote(series) + " (\\d+)\n").matcher(metrics);
        assertThat(m.find()).as(series).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static void send(OutputStream out, String line) throws Exception {
        out.write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Reads until the prompt; returns what came before it. */
    private static String untilPrompt(BufferedReader in) throws Exception {
        StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith(ConsoleSession.PROMPT)) {
            int c = in.read();
            assertThat(c).as("console output so far: " + text).isNotEqualTo(-1);
            text.append((char) c);
        }
        return text.substring(0, text.length() - ConsoleSession.PROMPT.length());
    }
}
