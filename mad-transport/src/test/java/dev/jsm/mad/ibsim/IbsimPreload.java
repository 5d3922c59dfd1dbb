package dev.jsm.mad.ibsim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * For tests that run <em>inside</em> a JVM started by {@code src/test/ibsim/bin/java-under-ibsim} (failsafe's
 * {@code ibsim-preload} execution): that launcher gives the JVM its own ibsim and {@code LD_PRELOAD=libumad2sim.so},
 * so libibumad in this very process reaches the simulated fabric. Unlike {@link IbsimHarness}, nothing runs in a
 * child process.
 *
 * <p>The launcher reports through the environment: {@code JSM_IBSIM_READY=1} once ibsim serves
 * {@code JSM_IBSIM_NET}, or {@code JSM_IBSIM_ERROR} if ibsim is installed but did not come up.
 *
 * <p>Thread-safe.
 */
public final class IbsimPreload {

    /** Tag of the tests failsafe runs through the launcher (and keeps out of its default execution). */
    public static final String TAG = "ibsim-preload";

    private static final AtomicBoolean SKIP_PRINTED = new AtomicBoolean();

    private IbsimPreload() {
    }

    /**
     * Skips the calling test with one {@code [ibsim] SKIPPED} line when ibsim is not installed or this JVM was not
     * started by the launcher, and fails it when the launcher could not start ibsim.
     */
    public static void assumeRunning() {
        if (!IbsimHarness.available()) {
            skip(IbsimHarness.SKIP_MESSAGE);
        }
        String error = System.getenv("JSM_IBSIM_ERROR");
        if (error != null) {
            Assertions.fail("[ibsim] " + error);
        }
        if (!"1".equals(System.getenv("JSM_IBSIM_READY"))) {
            skip("[ibsim] SKIPPED: this JVM was not started by mad-transport/src/test/ibsim/bin/java-under-ibsim"
                    + " (run it with mvn verify, which uses failsafe's ibsim-preload execution)");
        }
    }

    /**
     * The net file the launcher's ibsim serves, as a model.
     *
     * @throws IOException if it cannot be read
     */
    public static IbsimFabric fabric() throws IOException {
        return IbsimFabric.read(Path.of(System.getenv("JSM_IBSIM_NET")));
    }

    private static void skip(String message) {
        if (SKIP_PRINTED.compareAndSet(false, true)) {
            System.err.println(message);
        }
        Assumptions.abort(message);
    }
}
