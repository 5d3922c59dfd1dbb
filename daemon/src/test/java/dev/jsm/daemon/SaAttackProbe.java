package dev.jsm.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The child process of {@link SaAttackIbsimIT}, run by the ibsim harness under umad2sim on the SM's host: runs the
 * daemon's real {@link Main} on a thread until "SUBNET UP", then replays the cases of issue 25 with
 * {@link SaAttackClientMain} processes on other hosts - A the attacker, B a host that must still be served, C a host
 * that joins and leaves groups - and prints every client line prefixed with its host letter, and after each step
 * {@code RSS <step> kB=<VmRSS of this process, the daemon's> heapMB=<heap used after a GC>}. Steps (comma separated,
 * in the order given):
 * <ul>
 *   <li>{@code rmpp}: A sends 9,000 RMPP first segments announcing 1 MiB each; B asks 100 PathRecords;</li>
 *   <li>{@code services}: A registers 1,200 ServiceRecords, B 10; B deletes with ComponentMask 0 and then A's
 *       record 5 by its RID; A counts the records;</li>
 *   <li>{@code gettable}: A sends 100 GetTable(ServiceRecord) it never acknowledges; B asks 100 PathRecords;</li>
 *   <li>{@code inform}: A subscribes 150 times, B 5 times;</li>
 *   <li>{@code joins}: C creates and leaves 500 groups at 80 requests a second; prints {@code SWEEPS heavy=<heavy
 *       sweeps logged meanwhile>};</li>
 *   <li>{@code groups}: A creates 300 groups, B 5;</li>
 *   <li>{@code flood}: A sends 200,000 PathRecord Gets as fast as it can while B asks 2,000 (window 8); prints
 *       {@code RATE-LOG <SA-1201 rate lines in the log>};</li>
 *   <li>{@code bigtable} (measurements, not in the IT): A registers 20,000 ServiceRecords, then sends 100
 *       GetTable(ServiceRecord) it never acknowledges; B asks 100 PathRecords;</li>
 *   <li>{@code spread} (measurements, fat2-16's hosts): ten other hosts register 1,000 ServiceRecords each, then
 *       A sends 100
 *       GetTables; B asks 100 PathRecords.</li>
 * </ul>
 * Then {@code DONE}, and the daemon stops; exit status 5 without a first SUBNET UP, 1 if the daemon died.
 *
 * <p>Arguments: hosts A, B and C, the steps, then the daemon's arguments.
 */
public final class SaAttackProbe {

    private static final Path LOG = Path.of("opensm.log");

    private SaAttackProbe() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        String a = args[0];
        String b = args[1];
        String c = args[2];
        String[] steps = args[3].split(",");
        ProbeDaemon daemon = ProbeDaemon.start(List.of(args).subList(4, args.length).toArray(String[]::new), true);
        ProbeDaemon.awaitLog(LOG, "SUBNET UP", 1, 60_000);
        rss("start");
        for (String step : steps) {
            switch (step) {
                case "rmpp" -> {
                    client("A", a, "rmpp", "9000");
                    client("B", b, "paths", "100", "8");
                }
                case "services" -> {
                    String aLine = client("A", a, "set", "1200", "0", "32");
                    client("B", b, "set", "10", "100000", "8");
                    client("B", b, "delete0");
                    client("B", b, "deleterid", "5", aLine.replaceAll(".* port=(0x[0-9a-f]+).*", "$1"));
                    client("A", a, "count");
                }
                case "gettable" -> {
                    client("A", a, "gettable", "100", "100");
                    client("B", b, "paths", "100", "8");
                }
                case "inform" -> {
                    client("A", a, "inform", "150");
                    client("B", b, "inform", "5");
                }
                case "joins" -> {
                    long before = count("heavy sweep (");
                    client("C", c, "joins", "500", "80");
                    Thread.sleep(1000);
                    System.out.println("SWEEPS heavy=" + (count("heavy sweep (") - before));
                }
                case "groups" -> {
                    client("A", a, "groups", "300", "0");
                    client("B", b, "groups", "5", "1000");
                }
                case "flood" -> {
                    Process flood = start(a, "flood", "200000");
                    Thread.sleep(300);
                    client("B", b, "paths", "2000", "8");
                    print("A", flood);
                    System.out.println("RATE-LOG " + count("over the rate limit"));
                }
                case "bigtable" -> {
                    client("A", a, "set", "20000", "1000000", "256");
                    client("A", a, "gettable", "100", "100");
                    client("B", b, "paths", "100", "8");
                }
                case "spread" -> {
                    List<String> hosts = List.of("host-0-1", "host-0-2", "host-0-3", "host-1-0", "host-1-2",
                            "host-1-3", "host-2-0", "host-2-1", "host-2-3", "host-3-0");
                    for (int h = 0; h < hosts.size(); h++) {
                        client("H", hosts.get(h), "set", "1000", Integer.toString(2_000_000 + h * 1000), "64");
                    }
                    client("A", a, "gettable", "100", "100");
                    client("B", b, "paths", "100", "8");
                }
                default -> throw new IllegalArgumentException("unknown step " + step);
            }
            if (!daemon.isAlive()) {
                System.out.println("FAILED the daemon died in step " + step);
                System.out.flush();
                System.exit(1);
            }
            rss(step);
        }
        System.out.println("DONE");
        System.out.flush();
        daemon.stop(30_000);
        System.exit(0);
    }

    /** Runs the client on {@code host} to its end and prints its lines with {@code tag}; returns the last. */
    private static String client(String tag, String host, String... args) throws Exception {
        return print(tag, start(host, args));
    }

    private static Process start(String host, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                SaAttackClientMain.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("SIM_HOST", host);
        pb.environment().remove("SIM_SET_ISSM");
        return pb.start();
    }

    private static String print(String tag, Process p) throws Exception {
        String last = "";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                System.out.println(tag + " " + line);
                last = line;
            }
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            System.out.println(tag + " TIMEOUT");
        }
        System.out.flush();
        return last;
    }

    /** Prints this process's resident set and the heap in use after a collection. */
    private static void rss(String step) throws IOException {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        String kb = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmRSS:"))
                .map(l -> l.replaceAll("\\D", "")).findFirst().orElse("0");
        System.out.println("RSS " + step + " kB=" + kb + " heapMB=" + (rt.totalMemory() - rt.freeMemory()) / (1 << 20));
        System.out.flush();
    }

    /** Lines of the log containing {@code text}. */
    private static long count(String text) throws IOException {
        return Files.readAllLines(LOG, StandardCharsets.UTF_8).stream().filter(l -> l.contains(text)).count();
    }
}
