package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.umad.UmadPort;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which port {@link SmPortFailover} moves the SM to, and when it only waits: on a fake list of local ports.
 */
class SmPortFailoverTest {

    private static final long PREFIX = 0xfe80000000000000L;
    private static final int SM_LID = 5;

    private final List<UmadPort> ports = new ArrayList<>();
    private final List<UmadPort> moves = new ArrayList<>();
    private final List<UmadPort> told = new ArrayList<>();
    private UmadPort current;

    private final SmPortFailover failover = new SmPortFailover(new SmPortFailover.LocalPorts() {
        @Override
        public LocalPort current() {
            return current.toLocalPort();
        }

        @Override
        public List<UmadPort> list() {
            return List.copyOf(ports);
        }

        @Override
        public void moveTo(UmadPort port) {
            moves.add(port);
            current = port;
        }
    }, told::add);

    private static UmadPort port(String ca, int num, int state, long prefix, int smLid, String linkLayer) {
        return new UmadPort(ca, num, SM_LID + num, 0, smLid, 0, state, state == 1 ? 2 : 5, 100, 0, prefix,
                0x100L * num + ca.charAt(ca.length() - 1), linkLayer);
    }

    @Test
    void aPortWithItsLinkUpStaysWhereItIs() throws Exception {
        current = port("mlx5_0", 1, 4, PREFIX, SM_LID, "InfiniBand");
        ports.add(current);
        ports.add(port("mlx5_0", 2, 4, PREFIX, SM_LID, "InfiniBand"));
        failover.check();
        assertThat(moves).isEmpty();
    }

    @Test
    void aDownPortMovesToTheActivePortOfTheSameSubnetPassingOverTheOthers() throws Exception {
        current = port("mlx5_0", 1, 4, PREFIX, SM_LID, "InfiniBand");
        ports.add(port("mlx5_0", 1, 1, PREFIX, SM_LID, "InfiniBand"));
        ports.add(port("mlx5_0", 2, 2, PREFIX, SM_LID, "InfiniBand"));
        ports.add(port("mlx5_1", 1, 4, 0xfe80000000000001L, SM_LID, "InfiniBand"));
        ports.add(port("mlx5_1", 2, 4, PREFIX, 9, "InfiniBand"));
        ports.add(port("mlx5_2", 1, 4, PREFIX, SM_LID, "Ethernet"));
        UmadPort good = port("mlx5_3", 1, 4, PREFIX, SM_LID, "InfiniBand");
        ports.add(good);
        try (LogCapture log = LogCapture.open(SmPortFailover.class)) {
            failover.check();
            assertThat(moves).containsExactly(good);
            assertThat(told).containsExactly(good);
            assertThat(log.containing("MAIN-0827")).singleElement().asString()
                    .contains("mlx5_0/1", "is down: moved to mlx5_3/1");
        }
    }

    @Test
    void withNoPortToMoveToItSaysSoOnceAndTakesAPortThatComesLater() throws Exception {
        current = port("mlx5_0", 1, 4, PREFIX, SM_LID, "InfiniBand");
        ports.add(port("mlx5_0", 1, 1, PREFIX, SM_LID, "InfiniBand"));
        ports.add(port("mlx5_0", 2, 1, PREFIX, SM_LID, "InfiniBand"));
        try (LogCapture log = LogCapture.open(SmPortFailover.class)) {
            failover.check();
            failover.check();
            failover.check();
            assertThat(moves).isEmpty();
            assertThat(log.containing("MAIN-0828")).singleElement().asString()
                    .contains("mlx5_0/1", "is down", "waiting");
            ports.set(1, port("mlx5_0", 2, 4, PREFIX, SM_LID, "InfiniBand"));
            failover.check();
            assertThat(moves).extracting(UmadPort::label).containsExactly("mlx5_0/2");
        }
    }

    @Test
    void aPortThatIsGoneMovesByTheMasterSmLidAlone() throws Exception {
        current = port("mlx5_0", 1, 4, PREFIX, SM_LID, "InfiniBand");
        ports.add(port("mlx5_1", 1, 4, PREFIX, SM_LID, "InfiniBand"));
        failover.check();
        assertThat(moves).extracting(UmadPort::label).containsExactly("mlx5_1/1");
    }
}
