package dev.jsm.daemon.mgmt;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * OpenSM's {@code console local}: the console on the daemon's own terminal - commands read from standard input, the
 * answers and the prompt on standard output - for an SM started in the foreground. It ends at {@code quit} or at the
 * end of the input (a daemon started with {@code -B} has {@code /dev/null} there), and the SM runs on, as OpenSM's.
 * There is no management port with it: {@code /metrics} and {@code /status} need {@code console loopback} or
 * {@code socket}.
 *
 * <p>Thread-safe: a reader thread ({@code jsm-console}) and a timer thread for {@code status loop}; both daemon
 * threads, so a console waiting for input never keeps the JVM alive.
 */
public final class LocalConsole implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(LocalConsole.class);

    private final ConsoleCommands commands;
    private final BufferedReader in;
    private final PrintStream out;
    private final ScheduledExecutorService timer;
    private final Thread reader;

    private LocalConsole(Management management, InputStream in, PrintStream out) {
        this.commands = new ConsoleCommands(management);
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "jsm-console-loop");
            t.setDaemon(true);
            return t;
        });
        this.reader = new Thread(this::read, "jsm-console");
        this.reader.setDaemon(true);
    }

    /**
     * Starts the console on {@code in} and {@code out}.
     *
     * @param sm the SM to report on and steer
     * @param sweeps its sweep counters (already added as a listener)
     * @param version the version the console shows
     */
    public static LocalConsole start(ManagedSm sm, SweepCounters sweeps, String version, InputStream in,
                                     PrintStream out) {
        LocalConsole c = new LocalConsole(new Management(sm, sweeps, version), in, out);
        c.timer.scheduleAtFixedRate(c::tick, ConsoleCommands.LOOP_SECONDS, ConsoleCommands.LOOP_SECONDS,
                TimeUnit.SECONDS);
        c.print(c.commands.greeting() + ConsoleSession.PROMPT);
        c.reader.start();
        LOG.info("console on this terminal (console local)");
        return c;
    }

    private void read() {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                ConsoleCommands.Reply reply = commands.execute(line);
                if (reply.later() != null) {
                    print(reply.text());
                    print(reply.later().join() + ConsoleSession.PROMPT);
                    continue;
                }
                switch (reply.next()) {
                    case CLOSE -> {
                        print(reply.text());
                        return;
                    }
                    case LOOP -> print(reply.text());
                    case PROMPT -> print(reply.text() + ConsoleSession.PROMPT);
                }
            }
            LOG.info("console local: end of input, the console is closed");
        } catch (IOException e) {
            LOG.warn("MAIN-0813 console local: cannot read the terminal ({}); the console is closed", e.toString());
        } finally {
            timer.shutdownNow();
        }
    }

    private void tick() {
        String status = commands.loopTick();
        if (status != null) {
            print(status);
        }
    }

    private synchronized void print(String text) {
        out.print(text);
        out.flush();
    }

    /** Stops the loop timer; the reader thread ends with the input or the process. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
