package dev.jsm.daemon;

import static dev.jsm.daemon.ProbeDaemon.awaitLog;
import static dev.jsm.daemon.ProbeDaemon.check;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The child process of {@link PerfMgrIbsimIT}, run by the ibsim harness under umad2sim: brings the namespace's
 * loopback up (for the console and /metrics), runs the daemon's real {@link Main} with the performance manager on a
 * thread ({@link ProbeDaemon}), then:
 * <ol>
 *   <li>makes MAD traffic between hosts: {@code saquery} (NodeRecords from the SA) and {@code smpquery} (NodeInfo
 *       of every switch) loops run as other ibsim clients, on other hosts ({@code SIM_HOST});</li>
 *   <li>has the performance manager sweep (console {@code pm sweep}) and prints /metrics' per-port lines
 *       ({@code M1});</li>
 *   <li>runs {@code perfquery} and {@code perfquery -x} for every port of every node {@code ibnetdiscover} finds
 *       ({@code IBND}, {@code PQ|PQX <node> <port> <field> <value>});</li>
 *   <li>has it sweep again and prints the lines again ({@code M2}), and the console's {@code pm} and
 *       {@code pm pc leaf-1:5} ({@code PM}).</li>
 * </ol>
 * Arguments: the console port, the hosts the traffic runs on (comma separated), then the daemon's arguments.
 */
public final class PerfMgrIbsimProbe {

    private static final long STEP_MS = 60_000;
    private static final Pattern PQ_LINE = Pattern.compile("^(\\w+):\\.+(\\S+)$");
    /** An ibnetdiscover node line: kind, port count, node id ({@link FabricDump}'s key), NodeDescription. */
    private static final Pattern NODE =
            Pattern.compile("^(Switch|Ca)\\s+(\\d+)\\s+\"([^\"]+)\"\\s+#\\s+\"([^\"]+)\".*");

    private PerfMgrIbsimProbe() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String[] hosts = args[1].split(",");
        String[] daemonArgs = List.of(args).subList(2, args.length).toArray(String[]::new);
        new ProcessBuilder("ip", "link", "set", "lo", "up").inheritIO().start().waitFor();
        Path log = Path.of("opensm.log");
        ProbeDaemon.start(daemonArgs, false);
        awaitLog(log, "SUBNET UP", 1, STEP_MS);
        awaitLog(log, "console, /metrics and /status on", 1, STEP_MS);
        System.out.println("UP");

        FabricDump fabric = new FabricDump();
        List<String> ibnd = run(null, "ibnetdiscover");
        fabric.readIbnetdiscover(ibnd);
        ibnd.forEach(l -> System.out.println("IBND " + l));
        for (int round = 0; round < 10; round++) {
            for (String host : hosts) {
                run(host, "saquery", "-N");
                for (String node : fabric.cables.keySet()) {
                    if (node.startsWith("S-")) {
                        run(host, "smpquery", "nodeinfo", Integer.toString(fabric.lids.get(node)));
                    }
                }
            }
        }
        System.out.println("TRAFFIC done");

        pmSweep(port);
        metrics(port).forEach(l -> System.out.println("M1 " + l));
        for (String line : ibnd) {
            Matcher m = NODE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String id = m.group(3);
            String name = m.group(4);
            int ports = Integer.parseInt(m.group(2));
            int lid = fabric.lids.get(id);
            for (int p = 1; p <= ports; p++) {
                if (m.group(1).equals("Ca") && !fabric.cables.getOrDefault(id, Map.of()).containsKey(p)) {
                    continue;
                }
                perfquery(name, lid, p, false);
                perfquery(name, lid, p, true);
            }
        }
        pmSweep(port);
        metrics(port).forEach(l -> System.out.println("M2 " + l));
        console(port, "pm").forEach(l -> System.out.println("PM " + l));
        console(port, "pm pc leaf-1:5").forEach(l -> System.out.println("PM " + l));
        System.exit(0);
    }

    private static void perfquery(String node, int lid, int port, boolean extended) throws Exception {
        List<String> out = extended ? run(null, "perfquery", "-x", Integer.toString(lid), Integer.toString(port))
                : run(null, "perfquery", Integer.toString(lid), Integer.toString(port));
        for (String line : out) {
            Matcher m = PQ_LINE.matcher(line);
            if (m.matches()) {
                System.out.println((extended ? "PQX " : "PQ ") + node + " " + port + " " + m.group(1) + " "
                        + m.group(2));
            }
        }
    }

    /** Asks for a sweep through the console and waits until /metrics counts one more. */
    private static void pmSweep(int port) throws Exception {
        long before = sweeps(port);
        console(port, "pm sweep");
        long end = System.currentTimeMillis() + STEP_MS;
        while (sweeps(port) <= before) {
            check(end, "no perfmgr sweep ended");
            Thread.sleep(20);
        }
    }

    private static long sweeps(int port) throws Exception {
        for (String line : metrics(port)) {
            if (line.startsWith("jsm_perfmgr_sweeps_total ")) {
                return Long.parseLong(line.substring(line.indexOf(' ') + 1));
            }
        }
        return -1;
    }

    private static List<String> metrics(int port) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        return r.body().lines().filter(l -> l.startsWith("jsm_perfmgr_")).toList();
    }

    /** One console command; what it printed before the next prompt. */
    private static List<String> console(int port, String command) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(30_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            OutputStream out = s.getOutputStream();
            untilPrompt(in);
            out.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return untilPrompt(in).lines().toList();
        }
    }

    private static String untilPrompt(BufferedReader in) throws IOException {
        StringBuilder text = new StringBuilder();
        String prompt = "OpenSM $ ";
        while (!text.toString().endsWith(prompt)) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            text.append((char) c);
        }
        return text.toString().replace(prompt, "");
    }

    /** Runs a tool as an ibsim client on {@code host} (the probe's own node if null); its output lines. */
    private static List<String> run(String host, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (host != null) {
            pb.environment().put("SIM_HOST", host);
        }
        pb.environment().remove("SIM_SET_ISSM");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out.lines().filter(l -> !l.startsWith("ibwarn")).toList();
    }
}
