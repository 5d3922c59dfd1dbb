package dev.jsm.daemon.systemd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SystemdNotifierTest {

    private final List<String> sent = new ArrayList<>();
    private final SystemdNotifier notifier = new SystemdNotifier(s -> {
        sent.add(s);
        return 1;
    }, Duration.ofSeconds(5));

    @Test
    void readyOnceWithTheFirstSubnetUpThenStatusOnly() {
        notifier.sweepFailed(1, "3 errors");
        notifier.subnetUp(up(2));
        notifier.subnetUp(up(3));
        assertThat(sent).containsExactly(
                "STATUS=heavy sweep 1 failed (3 errors); sweeping again; not up yet",
                "READY=1\nSTATUS=SUBNET UP (heavy sweep 2): 0 nodes, 0 switches, 0 end ports",
                "STATUS=SUBNET UP (heavy sweep 3): 0 nodes, 0 switches, 0 end ports");
    }

    @Test
    void withoutNotifySocketNothingIsActive() {
        SystemdNotifier off = SystemdNotifier.fromEnvironment(Map.of("WATCHDOG_USEC", "1000000"), 42);
        assertThat(off.isActive()).isFalse();
        assertThat(off.watchdogInterval()).isEmpty();
        off.subnetUp(up(1));
        off.ping();
        off.stopping();
    }

    @Test
    void theWatchdogIntervalIsHalfOfWatchdogUsecForThisPidOnly() {
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "30000000"), 42))
                .isEqualTo(Duration.ofSeconds(15));
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "30000000", "WATCHDOG_PID", "42"), 42))
                .isEqualTo(Duration.ofSeconds(15));
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "30000000", "WATCHDOG_PID", "7"), 42))
                .isNull();
        assertThat(SystemdNotifier.watchdogInterval(Map.of("WATCHDOG_USEC", "soon"), 42)).isNull();
        assertThat(SystemdNotifier.watchdogInterval(Map.of(), 42)).isNull();
        assertThat(notifier.watchdogInterval()).contains(Duration.ofSeconds(5));
    }

    /** The view of an empty fabric at heavy sweep {@code sweep}. */
    private static FabricView up(int sweep) {
        return new FabricView(sweep, SubnetSnapshot.empty(), null, null, null, SmOptions.builder().build());
    }
}
