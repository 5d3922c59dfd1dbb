package dev.jsm.daemon;

import dev.jsm.mad.umad.Umad;

/**
 * Start-up warm-up for a daemon on a real (or umad2sim) port: loads and binds libibumad and libc on a thread of its
 * own, so that JNA's first-use work - unpacking its native stub, reading the dynamic linker's cache through a child
 * process, binding the natives: about 0.1 s - overlaps the logging set-up on the main thread. The attach then finds
 * the bindings ready, or waits for them inside the JVM's class initialisation. It touches no logger, so logging
 * still starts with the daemon's configuration; a library that cannot be loaded is reported by the attach, as
 * before.
 */
final class UmadPreload {

    private UmadPreload() {
    }

    /** Starts the warm-up thread and returns at once. */
    static void start() {
        Thread t = new Thread(() -> {
            try {
                if (Umad.isAvailable()) {
                    IssmDevice.bind();
                }
            } catch (LinkageError e) {
                // the attach meets the same failure and reports it
            }
        }, "jsm-umad-preload");
        t.setDaemon(true);
        t.start();
    }
}
