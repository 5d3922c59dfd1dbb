package dev.jsm.daemon.trap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.trap.PortHealth.Verdict;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link PortHealth} with simulated time: only a repeated trap marks a port; from then on every trap 129-131 about
 * it counts and restarts its 60 s window; the mark ends after 60 s without one; with the babbling policy the 250th
 * trap in the window (the suppression's first ten included) asks for one disable, again only if it failed.
 */
class PortHealthTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    private final PortHealth health = new PortHealth();
    private final PhysPort port;
    private final PhysPort other;

    PortHealthTest() {
        Subnet subnet = new Subnet();
        Node sw = subnet.addNode(NodeKind.SWITCH, 0x10, 8);
        port = subnet.addPort(sw, 3, 0x10);
        other = subnet.addPort(sw, 4, 0x10);
    }

    @Test
    void onlyARepeatedTrapMarksAPort() {
        assertThat(health.onTrap(port, false, false, 0)).isEqualTo(Verdict.NONE);
        assertThat(health.isUnhealthy(port)).isFalse();

        assertThat(health.onTrap(port, true, false, SECOND)).isEqualTo(Verdict.MARKED);
        assertThat(health.isUnhealthy(port)).isTrue();
        assertThat(health.traps(port)).as("the suppression's ten and this one").isEqualTo(11);
        assertThat(health.onTrap(port, true, false, 2 * SECOND)).as("marked once").isEqualTo(Verdict.NONE);
        assertThat(health.onTrap(port, false, false, 3 * SECOND)).as("counted though not repeated")
                .isEqualTo(Verdict.NONE);
        assertThat(health.traps(port)).isEqualTo(13);
        assertThat(health.isUnhealthy(other)).isFalse();
        assertThat(health.unhealthyCount()).isEqualTo(1);
    }

    @Test
    void theMarkEndsSixtySecondsAfterTheLastTrap() {
        health.onTrap(port, true, false, 0);
        health.onTrap(other, true, false, 0);
        health.onTrap(port, false, false, 50 * SECOND);

        assertThat(health.expire(60 * SECOND)).as("exactly 60 s is still inside").isEmpty();
        assertThat(health.expire(61 * SECOND)).containsExactly(other);
        assertThat(health.expire(110 * SECOND)).as("its last trap restarted the window").isEmpty();
        assertThat(health.expire(111 * SECOND)).containsExactly(port);
        assertThat(health.unhealthyCount()).isZero();
        assertThat(health.traps(port)).isZero();

        assertThat(health.onTrap(port, false, false, 112 * SECOND)).as("healthy again: needs repeats to mark")
                .isEqualTo(Verdict.NONE);
        assertThat(health.onTrap(port, true, false, 113 * SECOND)).isEqualTo(Verdict.MARKED);
    }

    @Test
    void aBabblingPortIsDisabledAtTheTwoHundredFiftiethTrapOnlyWithThePolicy() {
        health.onTrap(port, true, true, 0);
        for (int trap = 12; trap < PortHealth.BABBLING_TRAPS; trap++) {
            assertThat(health.onTrap(port, false, true, trap)).as("trap %d", trap).isEqualTo(Verdict.NONE);
        }
        assertThat(health.onTrap(port, false, true, SECOND)).isEqualTo(Verdict.DISABLE);
        assertThat(health.onTrap(port, false, true, SECOND)).as("one disable").isEqualTo(Verdict.NONE);

        health.disableFailed(port);
        assertThat(health.onTrap(port, false, true, SECOND)).as("tried again after a failure")
                .isEqualTo(Verdict.DISABLE);

        health.onTrap(other, true, false, 0);
        for (int trap = 12; trap <= 2 * PortHealth.BABBLING_TRAPS; trap++) {
            assertThat(health.onTrap(other, false, false, trap)).isEqualTo(Verdict.NONE);
        }
    }

    @Test
    void aGapResetsTheCountTowardsBabbling() {
        health.onTrap(port, true, true, 0);
        for (int trap = 12; trap < PortHealth.BABBLING_TRAPS; trap++) {
            health.onTrap(port, false, true, 0);
        }
        health.expire(61 * SECOND);

        assertThat(health.onTrap(port, true, true, 62 * SECOND)).as("a new window starts at 11")
                .isEqualTo(Verdict.MARKED);
        assertThat(health.traps(port)).isEqualTo(11);
    }
}
