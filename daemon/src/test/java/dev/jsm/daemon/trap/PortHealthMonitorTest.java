package dev.jsm.daemon.trap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.activity.ActivityReport;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mkey.MKeyBook;
import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.daemon.route.RoutingState;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepGate;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PortHealthMonitor} on a small model, time simulated: the trap's DataDetails (LID, port) find the port; a
 * repeated trap marks it unhealthy and asks for one rerouting heavy sweep (only with {@code sweep_on_trap}); the
 * mark ends 60 s after the last trap with another one; a trap about an unknown port changes nothing; a babbling port
 * with no known route is not disabled and nothing is sent.
 */
class PortHealthMonitorTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private static final int SWITCH_LID = 2;

    @TempDir
    Path dir;

    private final RecordingChannel channel = new RecordingChannel();
    private final MadTransactions transactions = new MadTransactions(channel, TransactionSettings.defaults(),
            Runnable::run);
    private final SmEvents events = new SmEvents();
    private final AtomicLong now = new AtomicLong();
    private PhysPort port3;

    @AfterEach
    void close() {
        transactions.close();
    }

    private PortHealthMonitor monitor(String... options) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < options.length; i += 2) {
            b.setText(OptionTable.get(options[i]), options[i + 1]);
        }
        SmOptions o = b.build();
        StageServices services = new StageServices(o, new SmpSender(transactions, 0), events, NodeNameMap.NONE, dir,
                ActivityReport.of(o, dir), new SweepGate());
        SweepState state = new SweepState(0x99);
        Subnet subnet = state.subnet();
        Node sw = subnet.addNode(NodeKind.SWITCH, 0x10, 8);
        subnet.assignLids(subnet.addPort(sw, 0, 0x10).endPort(), LidRange.single(SWITCH_LID));
        port3 = subnet.addPort(sw, 3, 0x10);
        Node ca = subnet.addNode(NodeKind.CA, 0x20, 1);
        subnet.connect(port3, subnet.addPort(ca, 1, 0x21));
        return new PortHealthMonitor(state, services, MKeyBook.fixed(0), new RoutingState(), now::get);
    }

    private static Notice trap(int number, int lid, int port) {
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        PortHealthMonitor.DETAILS_LID.put(details, 0, lid);
        PortHealthMonitor.DETAILS_PORT.put(details, 0, port);
        return new Notice(true, Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, number, lid, 0, 0, details);
    }

    @Test
    void aRepeatedTrapMarksThePortAndTheMarkEndsAfterTheWindow() throws Exception {
        PortHealthMonitor m = monitor();
        m.onPortTrap(trap(129, SWITCH_LID, 3), false);
        assertThat(port3.isHealthy()).isTrue();
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isFalse();

        m.onPortTrap(trap(129, SWITCH_LID, 3), true);
        assertThat(port3.isHealthy()).isFalse();
        assertThat(m.unhealthyPorts()).isEqualTo(1);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isTrue();
        assertThat(events.take().reasonText()).contains("unhealthy");
        m.onPortTrap(trap(130, SWITCH_LID, 3), true);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).as("one sweep for the marking").isFalse();

        now.set(60 * SECOND);
        m.expire();
        assertThat(port3.isHealthy()).as("60 s after the last trap: still inside").isFalse();
        now.set(61 * SECOND);
        m.expire();
        assertThat(port3.isHealthy()).isTrue();
        assertThat(m.unhealthyPorts()).isZero();
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isTrue();
        assertThat(events.take().reasonText()).contains("healthy again");
    }

    @Test
    void withoutSweepOnTrapThePortIsMarkedButNoSweepIsAskedFor() throws Exception {
        PortHealthMonitor m = monitor("sweep_on_trap", "FALSE");
        m.onPortTrap(trap(131, SWITCH_LID, 3), true);

        assertThat(port3.isHealthy()).isFalse();
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isFalse();
    }

    @Test
    void aTrapAboutAnUnknownPortChangesNothing() throws Exception {
        PortHealthMonitor m = monitor();
        m.onPortTrap(trap(129, 9, 3), true);
        m.onPortTrap(trap(129, SWITCH_LID, 7), true);

        assertThat(m.unhealthyPorts()).isZero();
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isFalse();
    }

    @Test
    void aBabblingPortWithoutAKnownRouteIsNotDisabled() throws Exception {
        PortHealthMonitor m = monitor("babbling_port_policy", "TRUE");
        for (int i = 0; i < 2 * PortHealth.BABBLING_TRAPS; i++) {
            m.onPortTrap(trap(129, SWITCH_LID, 3), true);
        }

        assertThat(m.disabledBabbling()).isZero();
        assertThat(channel.sentMethods).as("no directed route: no Set").isEmpty();
        assertThat(port3.isHealthy()).isFalse();
    }
}
