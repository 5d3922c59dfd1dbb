package dev.jsm.daemon.sm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import org.junit.jupiter.api.Test;

/**
 * The state machine's transitions, one row of docs/reference/opensm-behaviour.md#sm-states-and-election at a time, and
 * what each state refuses.
 */
class SmStateMachineTest {

    private static final long OWN = 0x0002c90000000010L;
    private static final long OTHER = 0x0002c90000000020L;

    private final SmEvents events = new SmEvents();
    private final SmStatus status = new SmStatus(SmState.DISCOVERING, 5);
    private final SmStateMachine machine = new SmStateMachine(status, OWN, events);

    @Test
    void greaterIsHigherPriorityThenLowerGuid() {
        assertThat(SmStateMachine.greater(6, OTHER, 5, OWN)).isTrue();
        assertThat(SmStateMachine.greater(5, OTHER, 5, OWN)).as("same priority, higher GUID").isFalse();
        assertThat(SmStateMachine.greater(5, OWN, 5, OTHER)).isTrue();
        assertThat(SmStateMachine.greater(5, 0x8000_0000_0000_0000L, 5, 1)).as("GUIDs compare unsigned").isFalse();
    }

    @Test
    void discoveringWithNobodyBecomesMasterFirstTimeNotATakeover() {
        assertThat(machine.signal(SmSignal.DISCOVERY_COMPLETED, 0)).isTrue();

        assertThat(status.state()).isEqualTo(SmState.MASTER);
        assertThat(status.takeover()).isFalse();
        assertThat(status.firstMasterSweepDone()).isFalse();
        assertThat(machine.pollTarget()).isZero();
    }

    @Test
    void discoveringThatFindsAMasterStandsByAndPollsIt() {
        machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, OTHER);

        assertThat(status.state()).isEqualTo(SmState.STANDBY);
        assertThat(status.masterGuid()).isEqualTo(OTHER);
        assertThat(machine.pollTarget()).isEqualTo(OTHER);
        assertThat(status.saAnswers()).isFalse();
    }

    @Test
    void aStandbyWhoseMasterStopsAnsweringSweepsAndTakesOver() throws InterruptedException {
        machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, OTHER);

        machine.signal(SmSignal.POLLING_TIMEOUT, OTHER);

        assertThat(status.state()).isEqualTo(SmState.DISCOVERING);
        assertThat(machine.silentMaster()).isEqualTo(OTHER);
        assertThat(events.take().event()).isEqualTo(SmEvent.HEAVY_SWEEP);
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);
        assertThat(status.state()).isEqualTo(SmState.MASTER);
        assertThat(status.takeover()).as("a takeover keeps the LIDs the ports carry").isTrue();
        assertThat(machine.silentMaster()).isZero();
        status.markFirstMasterSweepDone();
        assertThat(status.takeover()).isFalse();
        assertThat(status.saAnswers()).isTrue();
    }

    @Test
    void aStandbyHandedOverToBecomesMasterAtOnceAndSweeps() throws InterruptedException {
        machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, OTHER);

        assertThat(machine.accepts(SmSignal.HANDOVER, OTHER)).isTrue();
        machine.signal(SmSignal.HANDOVER, OTHER);

        assertThat(status.state()).isEqualTo(SmState.MASTER);
        assertThat(status.takeover()).isTrue();
        assertThat(status.masterGuid()).isZero();
        assertThat(events.take().event()).isEqualTo(SmEvent.HEAVY_SWEEP);
    }

    @Test
    void aMasterThatHandsOverStandsByAndTakesTheAcknowledge() {
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);

        assertThat(machine.accepts(SmSignal.ACKNOWLEDGE, OTHER)).as("nothing handed over yet").isFalse();
        machine.signal(SmSignal.HANDOVER_SENT, OTHER);

        assertThat(status.state()).isEqualTo(SmState.STANDBY);
        assertThat(machine.pollTarget()).isEqualTo(OTHER);
        assertThat(machine.accepts(SmSignal.ACKNOWLEDGE, OTHER)).isTrue();
        assertThat(machine.signal(SmSignal.ACKNOWLEDGE, OTHER)).isTrue();
        assertThat(status.state()).isEqualTo(SmState.STANDBY);
    }

    @Test
    void anAcknowledgeBeforeTheHandoverIsAnsweredAlsoMovesTheMasterToStandby() {
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);
        machine.handingOver(OTHER);

        assertThat(machine.accepts(SmSignal.ACKNOWLEDGE, 0x99)).as("only from the SM handed over to").isFalse();
        assertThat(machine.accepts(SmSignal.ACKNOWLEDGE, OTHER)).as("the handover is pending").isTrue();
        machine.signal(SmSignal.ACKNOWLEDGE, OTHER);

        assertThat(status.state()).isEqualTo(SmState.STANDBY);
        assertThat(status.masterGuid()).isEqualTo(OTHER);
    }

    @Test
    void aHandoverNotAnsweredLeavesTheMasterTakingNoAcknowledge() {
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);
        machine.handingOver(OTHER);

        machine.handoverFailed(OTHER);

        assertThat(machine.accepts(SmSignal.ACKNOWLEDGE, OTHER)).isFalse();
        assertThat(status.state()).isEqualTo(SmState.MASTER);
    }

    @Test
    void aMasterWaitingForALowerMastersHandoverPollsIt() throws InterruptedException {
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);

        machine.signal(SmSignal.WAIT_FOR_HANDOVER, OTHER);
        assertThat(machine.waitingForHandover()).isTrue();
        assertThat(machine.pollTarget()).isEqualTo(OTHER);

        machine.signal(SmSignal.HANDOVER, OTHER);
        assertThat(machine.waitingForHandover()).isFalse();
        assertThat(status.state()).isEqualTo(SmState.MASTER);
        assertThat(status.takeover()).isTrue();
        assertThat(events.take().event()).isEqualTo(SmEvent.HEAVY_SWEEP);
    }

    @Test
    void aHandoverWhileDiscoveringSweepsAgainAndMakesTheMastershipATakeover() throws InterruptedException {
        machine.signal(SmSignal.HANDOVER, OTHER);

        assertThat(status.state()).isEqualTo(SmState.DISCOVERING);
        assertThat(events.take().event()).isEqualTo(SmEvent.HEAVY_SWEEP);
        machine.signal(SmSignal.DISCOVERY_COMPLETED, 0);
        assertThat(status.takeover()).isTrue();
    }

    @Test
    void notActiveTakesOnlyStandbyAndDisableLeadsThere() {
        SmStatus inactive = new SmStatus(SmState.NOT_ACTIVE, 0);
        SmStateMachine m = new SmStateMachine(inactive, OWN, events);

        assertThat(m.accepts(SmSignal.HANDOVER, OTHER)).isFalse();
        assertThat(m.signal(SmSignal.DISCOVERY_COMPLETED, 0)).as("refused, nothing changes").isFalse();
        assertThat(inactive.state()).isEqualTo(SmState.NOT_ACTIVE);
        assertThat(m.accepts(SmSignal.STANDBY, OTHER)).isTrue();
        m.signal(SmSignal.STANDBY, OTHER);
        assertThat(inactive.state()).isEqualTo(SmState.STANDBY);
        assertThat(inactive.masterGuid()).isEqualTo(OTHER);

        m.signal(SmSignal.DISABLE, OTHER);
        assertThat(inactive.state()).isEqualTo(SmState.NOT_ACTIVE);
        assertThat(m.pollTarget()).isZero();
    }

    @Test
    void eachStateAcceptsFromTheWireWhatOpenSmAccepts() {
        assertThat(machine.accepts(SmSignal.HANDOVER, OTHER)).isTrue();
        assertThat(machine.accepts(SmSignal.DISCOVER, OTHER)).isFalse();
        assertThat(machine.accepts(SmSignal.STANDBY, OTHER)).isFalse();
        machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, OTHER);
        for (SmSignal s : new SmSignal[] {SmSignal.DISCOVER, SmSignal.DISABLE, SmSignal.HANDOVER,
            SmSignal.ACKNOWLEDGE}) {
            assertThat(machine.accepts(s, OTHER)).as("STANDBY takes " + s).isTrue();
        }
        assertThat(machine.accepts(SmSignal.STANDBY, OTHER)).isFalse();
    }

    @Test
    void aRisingPrioritySaysSo() {
        assertThat(machine.changePriority(7)).isTrue();
        assertThat(status.priority()).isEqualTo(7);
        assertThat(machine.changePriority(2)).isFalse();
        assertThat(machine.isGreaterThanUs(new RemoteSm(new dev.jsm.mad.smp.SmInfo(OTHER, 1, 0, 3, 2),
                dev.jsm.mad.codec.DrPath.local(), 1, 0, 0))).isTrue();
    }
}
