package dev.jsm.daemon;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * The child process of {@link SaLoadIbsimIT}, run by the ibsim harness under umad2sim on the SM's host: runs the
 * daemon's real {@link Main} (with its signal handlers) on a thread until "SUBNET UP" is in {@code opensm.log},
 * reads the LIDs from {@code guid2lid}, then runs {@link SaLoadClientMain} as a second umad2sim process on host
 * {@code clientHost} (its {@code kill -HUP} makes the daemon sweep again while the queries run). Meanwhile it
 * watches the log and writes the time (epoch ms) of the second SUBNET UP into the file {@code up2} for the client.
 * Prints the client's lines, {@code UP2 <count>} (SUBNET UP lines in the log) and exits with the client's status
 * (4 when it timed out, 5 without a first SUBNET UP).
 *
 * <p>Arguments: client host, queries, window, hupAfter, then the daemon's arguments.
 */
public final class SaLoadProbe {

    private SaLoadProbe() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        String[] daemonArgs = List.of(args).subList(4, args.length).toArray(String[]::new);
        ProbeDaemon daemon = ProbeDaemon.start(daemonArgs, true);
        Path log = Path.of("opensm.log");
        long end = System.currentTimeMillis() + 60_000;
        while (subnetUps(log) < 1) {
            if (System.currentTimeMillis() > end || !daemon.isAlive()) {
                System.out.println("FAILED no SUBNET UP");
                System.exit(5);
            }
            Thread.sleep(10);
        }
        StringJoiner lids = new StringJoiner(",");
        for (String line : Files.readAllLines(Path.of("guid2lid"))) {
            if (!line.isBlank()) {
                lids.add(Integer.decode(line.trim().split("\\s+")[1]).toString());
            }
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SaLoadClientMain.class.getName(), Long.toString(ProcessHandle.current().pid()), "0",
                lids.toString(), args[1], args[2], args[3]).inheritIO();
        pb.environment().put("SIM_HOST", args[0]);
        pb.environment().remove("SIM_SET_ISSM");
        Process client = pb.start();
        long clientEnd = System.currentTimeMillis() + 90_000;
        boolean written = false;
        while (client.isAlive() && System.currentTimeMillis() < clientEnd) {
            if (!written && subnetUps(log) >= 2) {
                Files.writeString(Path.of("up2"), Long.toString(System.currentTimeMillis()));
                written = true;
            }
            Thread.sleep(2);
        }
        int rc = client.waitFor(1, TimeUnit.SECONDS) ? client.exitValue() : 4;
        client.destroyForcibly();
        System.out.println("UP2 " + subnetUps(log));
        System.out.flush();
        daemon.stop(30_000);
        System.exit(rc);
    }

    /** SUBNET UP lines in {@code log} so far. */
    private static long subnetUps(Path log) throws Exception {
        if (!Files.exists(log)) {
            return 0;
        }
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains("SUBNET UP")).count();
    }
}
