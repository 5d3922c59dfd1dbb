package dev.jsm.daemon;

import static dev.jsm.daemon.ProbeDaemon.awaitFile;
import static dev.jsm.daemon.ProbeDaemon.awaitLog;
import static dev.jsm.daemon.ProbeDaemon.check;
import static dev.jsm.daemon.ProbeDaemon.command;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The child process of {@link EventsIbsimIT}, run by the ibsim harness under umad2sim on the SM's host: brings the
 * namespace's loopback up (for the management port), runs the daemon's real {@link Main} (with its signal handlers
 * and {@code --console loopback}) on a thread until SUBNET UP, reads the victim host's port GUID and its switch's
 * GUID from {@code ibnetdiscover} ({@code VICTIM <port guid> switch <switch guid>} line), then runs
 * {@link EventsClientMain} as a second umad2sim process on the subscriber host and relays its lines with the prefix
 * {@code CLIENT}. Once the client is subscribed it prints
 * {@code UNLINK-READY} and waits for the file {@code unlinked} (the test removes the victim's cable through ibsim's
 * console), sends itself {@code kill -HUP} and waits for the client's trap 65 Report about the victim; then prints
 * {@code RELINK-READY}, waits for {@code relinked}, sends {@code kill -HUP} again and waits for the client to finish
 * (trap 64). Last it prints the daemon's {@code jsm_sa_reports_total} samples from {@code /metrics}
 * ({@code METRIC} lines) once no Report is in flight, and stops the daemon. Exit status 0 when every step
 * completed.
 *
 * <p>Arguments: subscriber host, victim host, then the daemon's arguments (the probe adds the console ones).
 */
public final class IbsimEventsProbe {

    private static final long STEP_MS = 20_000;
    private static final Pattern CA = Pattern.compile("^Ca\\s.*#\\s+\"([^\"]+)\".*");
    private static final Pattern CA_PORT = Pattern.compile("^\\[1\\]\\(([0-9a-f]+)\\)\\s+\"S-([0-9a-f]{16})\".*");

    private IbsimEventsProbe() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        String subscriberHost = args[0];
        String victimHost = args[1];
        command("LO", "ip", "link", "set", "lo", "up");
        int mgmtPort;
        try (ServerSocket free = new ServerSocket(0)) {
            mgmtPort = free.getLocalPort();
        }
        List<String> daemonArgs = new ArrayList<>(List.of(args).subList(2, args.length));
        daemonArgs.addAll(List.of("--console", "loopback", "--console-port", Integer.toString(mgmtPort)));
        ProbeDaemon daemon = ProbeDaemon.start(daemonArgs.toArray(String[]::new), true);
        long pid = ProcessHandle.current().pid();
        Path log = Path.of("opensm.log");
        awaitLog(log, "SUBNET UP", 1, STEP_MS);
        String[] victimPort = cabledPort(command(null, "ibnetdiscover"), victimHost);
        String victim = victimPort[0];
        System.out.println("VICTIM " + victim + " switch " + victimPort[1]);

        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                EventsClientMain.class.getName(), "1", victim, Long.toString(4 * STEP_MS / 1000))
                .redirectErrorStream(true);
        pb.environment().put("SIM_HOST", subscriberHost);
        pb.environment().put("SIM_SET_ISSM", "1");
        Process client = pb.start();
        LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread relay = new Thread(() -> relay(client, lines), "probe-client-relay");
        relay.start();
        try {
            awaitClient(lines, "READY");
            System.out.println("UNLINK-READY");
            System.out.flush();
            awaitFile(Path.of("unlinked"), STEP_MS);
            command("HUP", "kill", "-HUP", Long.toString(pid));
            awaitClient(lines, "REPORT trap=65 gid=" + victim);
            System.out.println("RELINK-READY");
            System.out.flush();
            awaitFile(Path.of("relinked"), STEP_MS);
            command("HUP", "kill", "-HUP", Long.toString(pid));
            awaitClient(lines, "DONE");
            boolean exited = client.waitFor(STEP_MS, TimeUnit.MILLISECONDS);
            relay.join(STEP_MS);
            System.out.println("CLIENT-RC " + (exited ? client.exitValue() : "timeout"));
            printReportMetrics(mgmtPort);
        } finally {
            if (client.isAlive()) {
                client.destroyForcibly();
            }
        }
        daemon.stop(STEP_MS);
        System.exit(0);
    }

    /** Copies the client's output to ours ({@code CLIENT} prefix) and to {@code lines}. */
    private static void relay(Process client, LinkedBlockingQueue<String> lines) {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println("CLIENT " + line);
                System.out.flush();
                lines.add(line);
            }
        } catch (IOException e) {
            System.out.println("CLIENT (output lost: " + e.getMessage() + ")");
        }
    }

    private static void awaitClient(LinkedBlockingQueue<String> lines, String prefix) throws Exception {
        long end = System.currentTimeMillis() + STEP_MS;
        while (true) {
            String line = lines.poll(Math.max(1, end - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return;
            }
            check(end, "the client did not print '" + prefix + "'");
        }
    }

    /**
     * Polls {@code /metrics} until no Report is in flight (sent = retired + timed out), then prints the
     * {@code jsm_sa_reports_total} samples.
     */
    private static void printReportMetrics(int port) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        // a loaded CI machine may take seconds over the first request (the HTTP pipeline's classes load then):
        // a request that times out is asked again until the step's time is up
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10)).build();
        long end = System.currentTimeMillis() + STEP_MS;
        List<String> samples = List.of();
        while (System.currentTimeMillis() < end) {
            String body;
            try {
                body = http.send(get, HttpResponse.BodyHandlers.ofString()).body();
            } catch (HttpTimeoutException e) {
                continue;
            }
            samples = body.lines().filter(l -> l.startsWith("jsm_sa_reports_total{")).toList();
            if (sample(samples, "sent") == sample(samples, "retired") + sample(samples, "timed_out")) {
                break;
            }
            Thread.sleep(100);
        }
        samples.forEach(l -> System.out.println("METRIC " + l));
    }

    private static long sample(List<String> samples, String result) {
        return samples.stream().filter(l -> l.contains("result=\"" + result + "\""))
                .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    /**
     * The port GUID of the one-port CA named {@code host} in ibnetdiscover's text and the node GUID of the switch its
     * cable goes to, each as {@code 0x} and 16 hex digits.
     */
    private static String[] cabledPort(String ibnetdiscover, String host) {
        boolean inHost = false;
        for (String line : ibnetdiscover.split("\n")) {
            Matcher ca = CA.matcher(line);
            if (ca.matches()) {
                inHost = ca.group(1).equals(host);
                continue;
            }
            Matcher port = CA_PORT.matcher(line);
            if (inHost && port.matches()) {
                return new String[] {String.format("0x%016x", Long.parseUnsignedLong(port.group(1), 16)),
                    "0x" + port.group(2)};
            }
        }
        System.out.println("FAILED no port GUID for " + host);
        System.exit(1);
        return null;
    }
}
