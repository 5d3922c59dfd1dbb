package dev.jsm.daemon;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the ibsim probes share - the child processes the daemon's ibsim ITs run under umad2sim: the daemon's real
 * {@link Main} on a thread of its own ({@code EXIT n} printed when it asks to exit), waits on its log and on files
 * the test writes, the diagnostic tools run with their output printed, and a failure ({@code FAILED} line, exit
 * status 1) that prints the log's last lines ({@code LOG}) and the daemon threads' stacks ({@code STACK}).
 *
 * <p>Confined to the probe's main thread, but for the daemon's own threads.
 */
final class ProbeDaemon {

    private final SmEvents events;
    private final Thread thread;

    private ProbeDaemon(SmEvents events, Thread thread) {
        this.events = events;
        this.thread = thread;
    }

    /**
     * Starts the daemon with {@code args} on the thread {@code probe-daemon}; with {@code signals}, its signal
     * handlers are installed first, as {@code Main.main} does, so the probe can {@code kill -HUP} itself.
     */
    static ProbeDaemon start(String[] args, boolean signals) {
        SmEvents events = new SmEvents();
        if (signals) {
            Signals.install(events);
        }
        Main main = new Main() {
            @Override
            protected void requestExit(ExitCode code) {
                System.out.println("EXIT " + code.value());
            }
        };
        Thread thread = new Thread(() -> main.launch(args, events), "probe-daemon");
        thread.start();
        return new ProbeDaemon(events, thread);
    }

    /** The daemon's event queue (what a signal or the sweep timer would request). */
    SmEvents events() {
        return events;
    }

    /** Whether the daemon is still running. */
    boolean isAlive() {
        return thread.isAlive();
    }

    /** Asks the daemon to stop and waits for it at most {@code millis}. */
    void stop(long millis) throws InterruptedException {
        events.request(SmEvent.SHUTDOWN, "probe");
        thread.join(millis);
    }

    /** Waits at most {@code millis} until {@code file} has at least {@code count} lines containing {@code text}. */
    static void awaitLog(Path file, String text, int count, long millis) throws Exception {
        long end = System.currentTimeMillis() + millis;
        while (!Files.exists(file) || Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains(text)).count() < count) {
            check(end, "'" + text + "' x" + count + " not in " + file);
            Thread.sleep(20);
        }
    }

    /** Waits at most {@code millis} until the test wrote {@code file}. */
    static void awaitFile(Path file, long millis) throws Exception {
        long end = System.currentTimeMillis() + millis;
        while (!Files.exists(file)) {
            check(end, "the test did not write " + file);
            Thread.sleep(20);
        }
    }

    /**
     * Runs {@code cmd}; prints its output lines and its exit status ({@code <prefix>-RC}) with {@code prefix}
     * (unless null) and returns the output.
     */
    static String command(String prefix, String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        if (prefix != null) {
            for (String line : out.split("\n")) {
                System.out.println(prefix + " " + line);
            }
            System.out.println(prefix + "-RC " + p.exitValue());
        }
        return out;
    }

    /** Fails the probe when {@code end} has passed: says {@code what}, with the log's tail and the stacks. */
    static void check(long end, String what) {
        if (System.currentTimeMillis() <= end) {
            return;
        }
        System.out.println("FAILED " + what);
        Path log = Path.of("opensm.log");
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach(l -> System.out.println("LOG " + l));
        } catch (IOException e) {
            System.out.println("LOG (cannot read " + log + ": " + e.getMessage() + ")");
        }
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t.getName().startsWith("jsm-") || t.getName().startsWith("umad")) {
                System.out.println("STACK " + t.getName() + " " + t.getState());
                for (StackTraceElement e : stack) {
                    System.out.println("STACK   at " + e);
                }
            }
        });
        System.out.flush();
        System.exit(1);
    }
}
