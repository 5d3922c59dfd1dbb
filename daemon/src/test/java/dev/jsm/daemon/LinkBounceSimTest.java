package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.link.LinkManager;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CA port whose OperationalVLs changed behind the SM's back while it was ACTIVE is set Down with the SM's value
 * and comes back through INIT to ACTIVE (docs/reference/opensm-behaviour.md#port-bring-up), on the simulator, where a
 * port set Down goes through Polling and trains again.
 */
class LinkBounceSimTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void anActivePortWithOtherOperationalVlsIsBouncedAndComesBack() throws Exception {
        try (SimSm sm = SimSm.start(TopologyShapes.load("fat2:k=4,leaves=2,spines=1,hosts=2"), dir);
             LogCapture log = LogCapture.open(LinkManager.class)) {
            sm.awaitSubnetUp(WAIT);
            int host = SimSm.cas(sm.fabric.topology()).get(1);
            PortInfo before = sm.fabric.portInfo(host, 1);
            int vls = before.operationalVls();
            assertThat(vls).as("the SM's OperationalVLs").isGreaterThan(1);
            assertThat(before.portState()).isEqualTo(PortInfo.STATE_ACTIVE);
            try (SimMadChannel other = sm.fabric.openChannel(host, 1)) {
                LinkedBlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();
                other.setReceiver((from, answer, length) -> answers.add(answer.clone()));
                byte[] mad = Smp.directedRoute(Method.SET, 0x77, AttributeId.PORT_INFO, 1, DrPath.local(), 0);
                before.with(PortInfo.OPERATIONAL_VLS, 1).with(PortInfo.PORT_STATE, 0)
                        .with(PortInfo.PORT_PHYSICAL_STATE, 0).encodeTo(mad, Smp.DATA_OFFSET);
                other.send(MadAddress.directedRoute(), mad, 256);
                byte[] answer = answers.poll(10, TimeUnit.SECONDS);
                assertThat(answer).isNotNull();
                assertThat(MadHeader.STATUS.getInt(answer, 0) & 0x7FFF).as("status of the foreign Set, D bit aside")
                        .isZero();
            }
            assertThat(sm.fabric.portInfo(host, 1).operationalVls()).as("changed behind the SM's back").isEqualTo(1);
            assertThat(sm.fabric.portInfo(host, 1).portState()).isEqualTo(PortInfo.STATE_ACTIVE);

            sm.daemon.events().request(SmEvent.HEAVY_SWEEP, "test: read the changed port");
            sm.awaitSettled(WAIT);

            assertThat(log.containing("LINK-0405")).as("the port was set Down").hasSize(1);
            PortInfo after = sm.fabric.portInfo(host, 1);
            assertThat(after.operationalVls()).isEqualTo(vls);
            assertThat(after.portState()).as("back through INIT and ARMED").isEqualTo(PortInfo.STATE_ACTIVE);
        }
    }
}
