package dev.jsm.mad.ibsim;

import dev.jsm.mad.ibsim.IbsimHarness.Isolation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Finds out once per JVM which {@link Isolation} this machine permits, by running {@code unshare ... true}. The
 * system property {@code ibsim.isolation} ({@code netns}, {@code user_netns}, {@code sockname}) overrides it.
 *
 * <p>Thread-safe.
 */
final class IsolationProbe {

    private static final AtomicInteger SOCKETS = new AtomicInteger();
    private static volatile Isolation detected;

    private IsolationProbe() {
    }

    /** The isolation to use. */
    static Isolation detect() {
        Isolation d = detected;
        if (d == null) {
            String forced = System.getProperty("ibsim.isolation");
            if (forced != null && !forced.isBlank()) {
                d = Isolation.valueOf(forced.trim().toUpperCase(java.util.Locale.ROOT));
            } else if (works(Isolation.NETNS)) {
                d = Isolation.NETNS;
            } else if (works(Isolation.USER_NETNS)) {
                d = Isolation.USER_NETNS;
            } else {
                d = Isolation.SOCKNAME;
            }
            detected = d;
        }
        return d;
    }

    /** A socket base name no other run on this machine uses. */
    static String uniqueSocketName() {
        return "jsm" + ProcessHandle.current().pid() + "-" + SOCKETS.incrementAndGet();
    }

    private static boolean works(Isolation mode) {
        List<String> cmd = new ArrayList<>(mode.prefix());
        cmd.add("true");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
