package dev.jsm.daemon;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The child process of {@link McastIbsimIT}: runs the daemon's {@link Main} under umad2sim until SUBNET UP, prints
 * {@code ibnetdiscover} ({@code IBND} lines), lets three hosts join one group through {@link McJoinMain} processes
 * on their own hosts ({@code JOIN} lines), prints {@code dump_mfts} once it is stable ({@code MFTS} lines), lets
 * the last host leave and prints {@code dump_mfts} again ({@code MFTS2} lines), lets the other two leave (the group
 * is deleted) and prints it a third time ({@code MFTS3} lines), then stops the daemon.
 */
public final class IbsimMcastProbe {

    private static final List<String> HOSTS = List.of("host-0-1", "host-1-2", "host-3-3");
    private static final String MGID_ID = "5151";

    private IbsimMcastProbe() {
    }

    /** Entry point; the arguments go to the daemon. */
    public static void main(String[] args) throws Exception {
        ProbeDaemon daemon = ProbeDaemon.start(args, false);
        Path log = Path.of("opensm.log");
        long end = System.currentTimeMillis() + 120_000;
        while (!Files.exists(log) || !Files.readString(log, StandardCharsets.UTF_8).contains("SUBNET UP")) {
            if (System.currentTimeMillis() > end || !daemon.isAlive()) {
                System.out.println("FAILED no SUBNET UP");
                System.exit(1);
            }
            Thread.sleep(10);
        }
        print("IBND", run("ibnetdiscover"));
        String before = mfts();
        for (int i = 0; i < HOSTS.size(); i++) {
            join(HOSTS.get(i), i == 0 ? "create" : "join");
        }
        String joined = stableMfts(before);
        print("MFTS", joined);
        join(HOSTS.get(2), "leave");
        String oneLeft = stableMfts(joined);
        print("MFTS2", oneLeft);
        join(HOSTS.get(0), "leave");
        join(HOSTS.get(1), "leave");
        print("MFTS3", stableMfts(oneLeft));
        daemon.stop(30_000);
        System.exit(0);
    }

    private static void join(String host, String verb) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                McJoinMain.class.getName(), verb, MGID_ID).redirectErrorStream(true);
        pb.environment().put("SIM_HOST", host);
        pb.environment().remove("SIM_SET_ISSM");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        for (String line : out.split("\n")) {
            System.out.println((line.startsWith("JOIN ") ? "" : "JOINOUT ") + line + " host=" + host);
        }
        System.out.println("JOIN-RC " + host + " " + p.exitValue());
    }

    /**
     * {@code dump_mfts} once it differs from {@code previous} and two readings a second apart agree (the sweep the
     * join or leave asked for is done); the last reading after 30 s.
     */
    private static String stableMfts(String previous) throws Exception {
        String last = mfts();
        for (int i = 0; i < 30; i++) {
            Thread.sleep(1000);
            String now = mfts();
            if (now.equals(last) && !now.equals(previous)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    /** {@code dump_mfts} without umad2sim's "ibwarn: [pid] ..." lines, which differ from run to run. */
    private static String mfts() throws Exception {
        StringBuilder out = new StringBuilder();
        for (String line : run("dump_mfts").split("\n")) {
            if (!line.startsWith("ibwarn")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static void print(String prefix, String text) {
        for (String line : text.split("\n")) {
            System.out.println(prefix + " " + line);
        }
        System.out.flush();
    }
}
