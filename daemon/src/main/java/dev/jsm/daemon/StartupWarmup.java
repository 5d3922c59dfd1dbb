package dev.jsm.daemon;

import dev.jsm.daemon.log.LogSetup;
import dev.jsm.mad.umad.Umad;

/**
 * Start-up work moved off the main thread: one thread, started first thing in {@code main}, initialises what
 * log4j sets up once per process ({@link LogSetup#initialiseOnce}) while the main thread parses the command line,
 * then loads and binds libibumad and libc - JNA's first-use work (its native stub, its own set-up, the natives'
 * binding: tens of milliseconds of CPU) - beside the log set-up, so the attach on the main thread finds the bindings
 * ready or waits for them inside the JVM's class initialisation (whichever thread gets there first does it). It touches
 * no logger context, so logging still starts with the daemon's configuration. The bindings are made even when the
 * daemon will run on the simulator (they are unused then); a library that cannot be loaded is reported by the attach.
 */
final class StartupWarmup {

    private StartupWarmup() {
    }

    /**
     * JNA's property for the directories it searches for libraries by file name. Unset, JNA fills it at first use
     * from the output of {@code ldconfig -p}, run as a child process (a fork and exec at every start). The daemon
     * needs no search path: it loads libibumad by its soname, which the dynamic linker resolves from its cache, and
     * libc as JNA's handle for the whole process.
     */
    static final String JNA_PLATFORM_LIBRARY_PATH = "jna.platform.library.path";

    /**
     * Starts the warm-up thread and returns at once; call after {@link LogSetup#prepare}. Sets
     * {@link #JNA_PLATFORM_LIBRARY_PATH} to empty unless the user set it ({@code JAVA_OPTS}).
     */
    static void start() {
        if (System.getProperty(JNA_PLATFORM_LIBRARY_PATH) == null) {
            System.setProperty(JNA_PLATFORM_LIBRARY_PATH, "");
        }
        Thread t = new Thread(() -> {
            LogSetup.initialiseOnce();
            try {
                if (Umad.isAvailable()) {
                    IssmDevice.bind();
                }
            } catch (LinkageError e) {
                // the attach meets the same failure and reports it
            }
        }, "jsm-warmup");
        t.setDaemon(true);
        t.start();
    }
}
