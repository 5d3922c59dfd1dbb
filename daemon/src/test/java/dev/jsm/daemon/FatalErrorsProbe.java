package dev.jsm.daemon;

import dev.jsm.daemon.log.LogSettings;
import dev.jsm.daemon.log.LogSetup;
import dev.jsm.daemon.loop.SmThread;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;

/**
 * The child JVM of {@link FatalErrorsTest}: installs {@link FatalErrors} as {@code Main.main} does, logs to the file
 * given, records an exhausted heap in the cache directory given as the daemon does, and runs on the SM thread a task
 * that allocates until the heap is gone. It should never return.
 */
public final class FatalErrorsProbe {

    private FatalErrorsProbe() {
    }

    /** Entry point: the log file, the cache directory. */
    public static void main(String[] args) throws Exception {
        FatalErrors.install();
        FatalErrors.recordHeapExhaustionIn(new HeapMarker(Path.of(args[1])));
        LogSetup.start(new LogSettings(args[0], 0x03, true, ""));
        LogManager.getLogger(FatalErrorsProbe.class).info("allocating");
        SmThread sm = new SmThread();
        sm.execute(() -> {
            List<long[]> hoard = new ArrayList<>();
            while (true) {
                hoard.add(new long[1 << 16]);
            }
        });
        Thread.sleep(60_000);
        System.out.println("still alive");
        System.exit(0);
    }
}
