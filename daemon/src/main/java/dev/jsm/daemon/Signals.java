package dev.jsm.daemon;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The daemon's signal handlers, installed first thing in {@code main} (a HUP or USR1 arriving before would kill the
 * JVM; ECOSYSTEM.md section 2): SIGHUP asks for a reconfiguration (the config files re-read, the fabric checked,
 * what changed probed, every table compared with what the ports hold), SIGUSR1 for a log reopen. Handlers only
 * enqueue; the event loop does the work. SIGTERM and SIGINT are deliberately not handled here: the JVM's own
 * handling runs the shutdown hook, which logs "Exiting SM". This is the only class that uses
 * {@code sun.misc.Signal} (javac warns about it; that cannot be silenced).
 *
 * <p>Thread-safe; handlers run on the JVM's signal threads.
 */
final class Signals {

    private Signals() {
    }

    /** Installs the HUP and USR1 handlers; a signal the platform refuses is reported on stderr. */
    static void install(SmEvents events) {
        handle("HUP", () -> events.request(SmEvent.RECONFIGURE, "SIGHUP"));
        handle("USR1", () -> events.request(SmEvent.REOPEN_LOG, "SIGUSR1"));
    }

    private static void handle(String name, Runnable action) {
        try {
            SignalHandler old = Signal.handle(new Signal(name), s -> action.run());
            if (old == SignalHandler.SIG_IGN) {
                // HotSpot keeps SIGHUP ignored when the process started with it ignored (nohup): say so
                System.err.println("opensm: SIG" + name + " was ignored when the JVM started (nohup?) and stays "
                        + "ignored; start without nohup, or through bin/opensm, which resets it");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("opensm: cannot handle SIG" + name + ": " + e.getMessage());
        }
    }
}
