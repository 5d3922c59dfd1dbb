package dev.jsm.sim;

import static dev.jsm.sim.TestFabrics.HOST0;
import static dev.jsm.sim.TestFabrics.HOST2;
import static dev.jsm.sim.TestFabrics.LEAF0;
import static dev.jsm.sim.TestFabrics.LEAF1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import java.time.Duration;
import java.util.Arrays;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** Loss, delay, link and node faults, the Trap 128 a switch sends about them, and port-problem traps 129-131. */
class SimFaultsTest {

    private static final int REQUESTS = 300;

    @Test
    void lossIsReproducibleBySeed() {
        BitSet first = answeredTids(42);
        BitSet again = answeredTids(42);
        BitSet other = answeredTids(43);

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(first.cardinality()).as("about 0.7 * 0.7 of %d answered", REQUESTS).isBetween(100, 200);
    }

    @Test
    void lossCountsRequestsAndResponsesSeparately() {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel(), 7)) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            fabric.faults().setLoss(1, 0);
            assertThat(sm.get(DrPath.of(1), AttributeId.NODE_INFO, 0)).isNull();
            fabric.faults().setLoss(0, 1);
            assertThat(sm.get(DrPath.of(1), AttributeId.NODE_INFO, 0)).isNull();
            fabric.faults().setLoss(0, 0);
            assertThat(sm.get(DrPath.of(1), AttributeId.NODE_INFO, 0)).isNotNull();

            SimStats st = fabric.stats();
            assertThat(st.lostRequests()).isEqualTo(1);
            assertThat(st.lostResponses()).isEqualTo(1);
            assertThat(st.answered()).isEqualTo(2);
            assertThat(st.sent()).isEqualTo(3);
        }
    }

    @Test
    void aMutedNodeAnswersNothingWhileItsLinksStayUpAndRoutesThroughItStillPass() {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel(), 7)) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            fabric.faults().muteNode(LEAF0);

            assertThat(sm.get(DrPath.of(1), AttributeId.NODE_INFO, 0)).as("leaf-0 itself").isNull();
            assertThat(sm.get(DrPath.of(1, 2), AttributeId.NODE_INFO, 0)).as("host-1 behind leaf-0").isNotNull();
            byte[] own = sm.get(DrPath.local(), AttributeId.PORT_INFO, 1);
            assertThat(PortInfo.decode(own, Smp.DATA_OFFSET).portState()).as("host-0's link to leaf-0")
                    .isGreaterThanOrEqualTo(PortInfo.STATE_INIT);

            fabric.faults().unmuteNode(LEAF0);
            assertThat(sm.get(DrPath.of(1), AttributeId.NODE_INFO, 0)).isNotNull();
        }
    }

    @Test
    void delayedResponsesArriveAfterTheDelay() throws InterruptedException {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel())) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            fabric.faults().setDelay(Duration.ofMillis(30), Duration.ofMillis(10));
            long start = System.nanoTime();
            sm.send(MadAddress.directedRoute(),
                    Smp.directedRoute(Method.GET, 1, AttributeId.NODE_INFO, 0, DrPath.of(1, 3), 0));

            sm.take();

            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(30).toNanos());
        }
    }

    @Test
    void switchSendsTrap128ToItsMasterSmWhenALinkGoesDownOrUp() throws InterruptedException {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel())) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            routeBackToTheSm(sm);

            fabric.faults().linkDown(HOST2, 1);

            SmpClient.Received trap = sm.take();
            assertThat(trap.from()).isEqualTo(MadAddress.smi(3));
            MadHeader h = MadHeader.decode(trap.mad());
            assertThat(h.mgmtClass()).isEqualTo(0x01);
            assertThat(h.method()).isEqualTo(0x05);
            assertThat(h.attributeId()).isEqualTo(AttributeId.NOTICE.value());
            byte[] notice = Arrays.copyOfRange(trap.mad(), Smp.DATA_OFFSET, Smp.DATA_OFFSET + 12);
            assertThat(notice).as("generic, urgent, switch, trap 128, issuer LID 3, LIDADDR 3")
                    .containsExactly(0x81, 0, 0, 2, 0, 128, 0, 3, 0, 0, 0, 3);
            assertThat(fabric.portInfo(LEAF1, 1).portState()).isEqualTo(1);
            assertThat(fabric.portInfo(HOST2, 1).portPhysicalState()).isEqualTo(2);
            assertThat(fabric.switchInfo(LEAF1).portStateChange()).isEqualTo(1);

            fabric.faults().linkUp(HOST2, 1);

            assertThat(MadHeader.decode(sm.take().mad()).method()).isEqualTo(0x05);
            assertThat(fabric.portInfo(LEAF1, 1).portState()).isEqualTo(2);
            assertThat(fabric.stats().traps()).isEqualTo(2);

            byte[] repress = Smp.lidRouted(Method.TRAP_REPRESS, h.transactionId(), AttributeId.NOTICE, 0, 0);
            assertThat(sm.exchange(MadAddress.smi(3), repress)).isNull();
            assertThat(fabric.stats().trapRepresses()).isEqualTo(1);
        }
    }

    @Test
    void aPortReportsItsProblemWithTrap129To131() throws InterruptedException {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel())) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            routeBackToTheSm(sm);

            assertThat(fabric.faults().portTrap(LEAF1, 2, 129)).isTrue();

            SmpClient.Received trap = sm.take();
            assertThat(trap.from()).isEqualTo(MadAddress.smi(3));
            assertThat(MadHeader.decode(trap.mad()).method()).isEqualTo(0x05);
            byte[] notice = Arrays.copyOfRange(trap.mad(), Smp.DATA_OFFSET, Smp.DATA_OFFSET + 15);
            assertThat(notice).as("generic, urgent, switch, trap 129, issuer LID 3; details: 2 reserved, LID 3, port 2")
                    .containsExactly(0x81, 0, 0, 2, 0, 129, 0, 3, 0, 0, 0, 0, 0, 3, 2);
            assertThat(fabric.faults().portTrap(HOST2, 1, 131)).as("HOST2 has no LID").isFalse();
            assertThat(fabric.stats().traps()).isEqualTo(1);
        }
    }

    @Test
    void noTrapWithoutAMasterSmLid() {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel())) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);

            fabric.faults().linkDown(HOST2, 1);
            sm.awaitIdle();

            assertThat(sm.inbox).isEmpty();
            assertThat(fabric.stats().traps()).isZero();
        }
    }

    /** Sends the same Gets into a lossy fabric and returns the TIDs that got an answer. */
    private static BitSet answeredTids(long seed) {
        try (SimFabric fabric = new SimFabric(TestFabrics.twoLevel(), seed)) {
            SmpClient sm = new SmpClient(fabric, HOST0, 1);
            fabric.faults().setLoss(0.3, 0.3);
            for (int tid = 0; tid < REQUESTS; tid++) {
                sm.send(MadAddress.directedRoute(),
                        Smp.directedRoute(Method.GET, tid, AttributeId.NODE_INFO, 0, DrPath.of(1, 3, 2), 0));
            }
            sm.awaitIdle();
            BitSet answered = new BitSet();
            for (SmpClient.Received r : sm.inbox) {
                answered.set((int) MadHeader.TRANSACTION_ID.getLong(r.mad(), 0));
            }
            return answered;
        }
    }

    /** LIDs 1 (SM), 2 leaf-0, 4 spine-0, 3 leaf-1, all with MasterSMLID 1, and LFT entries for LIDs 1 and 3. */
    private static void routeBackToTheSm(SmpClient sm) {
        setLids(sm, DrPath.local(), 1);
        setLids(sm, DrPath.of(1), 2);
        setLids(sm, DrPath.of(1, 3), 4);
        setLids(sm, DrPath.of(1, 3, 2), 3);
        route(sm, DrPath.of(1), 1, 3);
        route(sm, DrPath.of(1, 3), 1, 2);
        route(sm, DrPath.of(1, 3, 2), 3, 0);
    }

    private static void setLids(SmpClient sm, DrPath path, int lid) {
        byte[] r = sm.get(path, AttributeId.PORT_INFO, 0);
        byte[] data = Arrays.copyOfRange(r, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE);
        PortInfo.LID.put(data, 0, lid);
        PortInfo.MASTER_SM_LID.put(data, 0, 1);
        assertThat(Smp.status(sm.set(path, AttributeId.PORT_INFO, 0, data))).isZero();
    }

    /** LFT entries for LID 1 (the SM) and LID 3 (leaf-1). */
    private static void route(SmpClient sm, DrPath sw, int portToLid1, int portToLid3) {
        byte[] block = new byte[64];
        Arrays.fill(block, (byte) 0xFF);
        block[1] = (byte) portToLid1;
        block[3] = (byte) portToLid3;
        sm.set(sw, AttributeId.LINEAR_FORWARDING_TABLE, 0, block);
        byte[] si = new byte[64];
        SwitchInfo.LINEAR_FDB_TOP.put(si, 0, 10);
        sm.set(sw, AttributeId.SWITCH_INFO, 0, si);
    }
}
