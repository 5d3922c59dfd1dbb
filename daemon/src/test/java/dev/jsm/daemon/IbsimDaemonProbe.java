package dev.jsm.daemon;

import static dev.jsm.daemon.ProbeDaemon.awaitFile;
import static dev.jsm.daemon.ProbeDaemon.awaitLog;
import static dev.jsm.daemon.ProbeDaemon.command;
import dev.jsm.daemon.loop.SmEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The child process of {@link DaemonIbsimIT}, run by the ibsim harness under umad2sim: runs the daemon's real
 * {@link Main} (with its signal handlers) on a thread ({@link ProbeDaemon}), and drives the acceptance scenario around
 * it, printing what it sees on stdout, one prefixed line each, for the test to judge:
 * <ol>
 *   <li>{@code UP 1} once "SUBNET UP" is in the log, the log's line saying which port the SM chose
 *       ({@code PORT}), then {@code IBND}/{@code LFTS}/{@code SMINFO} lines:
 *       {@code ibnetdiscover}, {@code dump_lfts} and {@code sminfo} run in the same namespace;</li>
 *   <li>{@code kill -HUP} itself: {@code UP 2} after the next SUBNET UP;</li>
 *   <li>moves the log away, {@code kill -USR1} itself: {@code REOPENED} when a fresh log has the reopen line;</li>
 *   <li>prints {@code UNLINK-READY} and waits for the file {@code unlinked} (the test removes a cable through the
 *       ibsim console meanwhile), asks for a light sweep as the sweep timer would: {@code UP 3}, then {@code IBND2}
 *       and {@code LFTS2} lines;</li>
 *   <li>stops the daemon ({@code EXIT 0}), prints guid2lid ({@code G2L}), runs the daemon again as a separate JVM
 *       with {@code -o} on the same cache directory ({@code RESTART rc}), prints guid2lid ({@code G2L2}) and
 *       {@code ibnetdiscover} again ({@code IBND3}).</li>
 * </ol>
 * Arguments: the log file, then the daemon's arguments. Exit status 0 when every step completed.
 */
public final class IbsimDaemonProbe {

    private static final long STEP_MS = 60_000;

    private IbsimDaemonProbe() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        Path log = Path.of(args[0]);
        String[] daemonArgs = List.of(args).subList(1, args.length).toArray(String[]::new);
        ProbeDaemon daemon = ProbeDaemon.start(daemonArgs, true);
        long pid = ProcessHandle.current().pid();

        awaitLog(log, "SUBNET UP", 1, STEP_MS);
        System.out.println("UP 1");
        for (String line : Files.readAllLines(log)) {
            if (line.contains("SM port ")) {
                System.out.println("PORT " + line);
            }
        }
        command("IBND", "ibnetdiscover");
        command("LFTS", "dump_lfts");
        command("SMINFO", "sminfo");

        command("HUP", "kill", "-HUP", Long.toString(pid));
        awaitLog(log, "SUBNET UP", 2, STEP_MS);
        System.out.println("UP 2");

        Files.move(log, log.resolveSibling(log.getFileName() + ".1"), StandardCopyOption.REPLACE_EXISTING);
        command("USR1", "kill", "-USR1", Long.toString(pid));
        awaitLog(log, "log file reopened", 1, STEP_MS);
        System.out.println("REOPENED");

        System.out.println("UNLINK-READY");
        System.out.flush();
        awaitFile(Path.of("unlinked"), STEP_MS);
        daemon.events().request(SmEvent.LIGHT_SWEEP, "probe");
        awaitLog(log, "SUBNET UP", 1, STEP_MS);
        System.out.println("UP 3");
        command("IBND2", "ibnetdiscover");
        command("LFTS2", "dump_lfts");

        daemon.stop(STEP_MS);
        print("G2L", Path.of("guid2lid"));

        Process restart = new ProcessBuilder(javaCommand(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "-f", log.resolveSibling("restart.log").toString(), "-s", "0", "-o")
                .redirectErrorStream(true).redirectOutput(Path.of("restart.out").toFile()).start();
        boolean done = restart.waitFor(STEP_MS, TimeUnit.MILLISECONDS);
        System.out.println("RESTART " + (done ? restart.exitValue() : "timeout"));
        print("G2L2", Path.of("guid2lid"));
        command("IBND3", "ibnetdiscover");
        System.exit(0);
    }

    private static void print(String prefix, Path file) throws IOException {
        for (String line : Files.readAllLines(file)) {
            if (!line.isEmpty()) {
                System.out.println(prefix + " " + line);
            }
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
