package dev.jsm.daemon.systemd;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Tells systemd how the daemon is doing, for the shipped {@code Type=notify} units: {@code READY=1} with the first
 * SUBNET UP (so {@code systemctl start} returns, and units ordered after this one start, once the fabric is
 * configured), {@code STATUS=} with a one-line fabric summary after every heavy sweep ({@code systemctl status}
 * shows it), {@code WATCHDOG=1} from the event loop ({@link #ping}) when the unit sets {@code WatchdogSec=}, and
 * {@code STOPPING=1} at shutdown. Without {@code NOTIFY_SOCKET} in the environment (a foreground run, a test) every
 * method is a no-op and libsystemd is never loaded.
 *
 * <p>Thread-safe: the sweep listener methods run on the SM thread, {@link #ping} on the event loop, {@link #stopping}
 * on the shutdown hook.
 */
public final class SystemdNotifier implements SweepListener {

    private static final Logger LOG = LogManager.getLogger(SystemdNotifier.class);

    /** Delivers one notification: libsystemd's {@code sd_notify}, or a recorder in tests. */
    @FunctionalInterface
    interface Sender {
        /** Sends newline-separated assignments; returns a negative errno on failure. */
        int send(String state);
    }

    private final Sender sender;
    private final Duration watchdogInterval;
    private final AtomicBoolean ready = new AtomicBoolean();
    private final AtomicBoolean failureLogged = new AtomicBoolean();

    SystemdNotifier(Sender sender, Duration watchdogInterval) {
        this.sender = sender;
        this.watchdogInterval = watchdogInterval;
    }

    /**
     * The notifier for a process started with {@code env}: active if {@code NOTIFY_SOCKET} is set and libsystemd
     * loads (a warning otherwise), with a watchdog if {@code WATCHDOG_USEC} is set and {@code WATCHDOG_PID}, when
     * present, is {@code pid} (as {@code sd_watchdog_enabled(3)} decides).
     *
     * @param env the process environment
     * @param pid this process's id
     */
    public static SystemdNotifier fromEnvironment(Map<String, String> env, long pid) {
        String socket = env.get("NOTIFY_SOCKET");
        if (socket == null || socket.isBlank()) {
            return new SystemdNotifier(null, null);
        }
        if (SdNotify.unavailabilityCause() != null) {
            LOG.warn("MAIN-0810 NOTIFY_SOCKET is set but {} cannot be loaded ({}): systemd will not be notified",
                    SdNotify.LIBRARY, SdNotify.unavailabilityCause().toString().lines().findFirst().orElse(""));
            return new SystemdNotifier(null, null);
        }
        return new SystemdNotifier(state -> SdNotify.sd_notify(0, state), watchdogInterval(env, pid));
    }

    /** Half of {@code WATCHDOG_USEC} (systemd's advice), or {@code null} when this process has no watchdog. */
    static Duration watchdogInterval(Map<String, String> env, long pid) {
        String usec = env.get("WATCHDOG_USEC");
        String owner = env.get("WATCHDOG_PID");
        if (usec == null || owner != null && !owner.trim().equals(Long.toString(pid))) {
            return null;
        }
        try {
            long micros = Long.parseLong(usec.trim());
            return micros > 0 ? Duration.ofNanos(micros * 500L) : null;
        } catch (NumberFormatException e) {
            LOG.warn("MAIN-0811 WATCHDOG_USEC={} is not a number of microseconds; no watchdog", usec);
            return null;
        }
    }

    /** Whether notifications are sent at all. */
    public boolean isActive() {
        return sender != null;
    }

    /** How often to {@link #ping}: half the unit's {@code WatchdogSec=}; empty when there is no watchdog. */
    public Optional<Duration> watchdogInterval() {
        return Optional.ofNullable(sender == null ? null : watchdogInterval);
    }

    /** {@code WATCHDOG=1}: the event loop is alive. */
    public void ping() {
        send("WATCHDOG=1");
    }

    /** {@code STOPPING=1}: the daemon is shutting down. */
    public void stopping() {
        send("STOPPING=1\nSTATUS=stopping");
    }

    @Override
    public void subnetUp(FabricView view) {
        String status = "STATUS=" + summary(view.snapshot(), view.sweep());
        send(ready.compareAndSet(false, true) ? "READY=1\n" + status : status);
    }

    @Override
    public void sweepFailed(int sweepNumber, String reason) {
        send("STATUS=heavy sweep " + sweepNumber + " failed (" + reason + "); sweeping again"
                + (ready.get() ? "" : "; not up yet"));
    }

    /** The STATUS line for a SUBNET UP. */
    static String summary(SubnetSnapshot snapshot, int sweepNumber) {
        int switches = snapshot.switches().size();
        return "SUBNET UP (heavy sweep " + sweepNumber + "): " + snapshot.nodes().size() + " nodes, " + switches
                + " switches, " + snapshot.endPorts().size() + " end ports";
    }

    private void send(String state) {
        if (sender == null) {
            return;
        }
        int rc = sender.send(state);
        if (rc < 0 && failureLogged.compareAndSet(false, true)) {
            LOG.warn("MAIN-0812 sd_notify failed (errno {}); further failures are not logged", -rc);
        }
    }
}
