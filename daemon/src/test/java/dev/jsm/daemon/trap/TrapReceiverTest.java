package dev.jsm.daemon.trap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TrapReceiver} on a recording channel, time frozen: every trap is answered with a TrapRepress; a trap
 * repeated more than ten times inside the window is only answered (no sweep request, not forwarded) and counted;
 * port-health traps 129-131 are not forwarded but handed to the port health, repeated or not; a trap 128 from a
 * switch the model knows asks for an incremental sweep, from any other LID for a heavy one.
 */
class TrapReceiverTest {

    /** The LID of the one switch the model knows: a trap 128 from it asks for an incremental sweep. */
    private static final int KNOWN_SWITCH_LID = 7;

    private final RecordingChannel channel = new RecordingChannel();
    private final MadTransactions transactions = new MadTransactions(channel, TransactionSettings.defaults(),
            Runnable::run);
    private final SmEvents events = new SmEvents();
    private final List<String> forwarded = new ArrayList<>();
    private final List<String> portTraps = new ArrayList<>();
    private final TrapReceiver receiver = new TrapReceiver(transactions, events, () -> true, () -> SmState.MASTER,
            lid -> lid == KNOWN_SWITCH_LID,
            (notice, lid) -> forwarded.add(notice.trapNumberOrDeviceId() + " from " + lid),
            (notice, repeated) -> portTraps.add(notice.trapNumberOrDeviceId() + (repeated ? " repeated" : "")),
            () -> 0L);

    @AfterEach
    void close() {
        transactions.close();
    }

    private static byte[] trapMad(Notice notice) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, 0x01, 1, 0x05, 0, 0, 0x99, 0x0002, 0).encodeTo(mad);
        notice.encodeTo(mad, Smp.DATA_OFFSET);
        return mad;
    }

    @Test
    void repeatedTrapsAreOnlyRepressedAndCounted() throws Exception {
        byte[] mad = trapMad(TrapSuppressionTest.trap128(2));
        for (int i = 0; i < 10; i++) {
            receiver.onTrap(MadAddress.smi(2), mad, mad.length);
        }
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isTrue();
        events.take();
        assertThat(forwarded).hasSize(10).containsOnly("128 from 2");

        receiver.onTrap(MadAddress.smi(2), mad, mad.length);
        receiver.onTrap(MadAddress.smi(2), mad, mad.length);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).as("no sweep for a suppressed trap").isFalse();
        assertThat(forwarded).as("not forwarded").hasSize(10);
        assertThat(receiver.suppressed()).isEqualTo(2);
        assertThat(channel.sentMethods).as("every trap answered with TrapRepress").hasSize(12).containsOnly(0x07);
    }

    @Test
    void portHealthTrapsAreNotForwarded() {
        Notice linkIntegrity = new Notice(true, Notice.TYPE_URGENT, Notice.PRODUCER_CA, 129, 4, 0, 0,
                new byte[Notice.DATA_DETAILS_LENGTH]);
        Notice badPKey = new Notice(true, Notice.TYPE_SECURITY, Notice.PRODUCER_CA, 257, 4, 0, 0,
                new byte[Notice.DATA_DETAILS_LENGTH]);
        receiver.onTrap(MadAddress.smi(4), trapMad(linkIntegrity), MadHeader.MAD_SIZE);
        receiver.onTrap(MadAddress.smi(4), trapMad(badPKey), MadHeader.MAD_SIZE);
        assertThat(forwarded).containsExactly("257 from 4");
        assertThat(portTraps).as("only 129-131 go to the port health").containsExactly("129");
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isFalse();
    }

    @Test
    void repeatedPortHealthTrapsStillReachThePortHealthAsRepeated() {
        Notice overrun = new Notice(true, Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, 130, 4, 0, 0,
                new byte[Notice.DATA_DETAILS_LENGTH]);
        for (int i = 0; i < 12; i++) {
            receiver.onTrap(MadAddress.smi(4), trapMad(overrun), MadHeader.MAD_SIZE);
        }
        assertThat(portTraps).hasSize(12).startsWith("130").endsWith("130 repeated", "130 repeated");
        assertThat(portTraps.subList(0, 10)).containsOnly("130");
        assertThat(receiver.suppressed()).isEqualTo(2);
        assertThat(forwarded).isEmpty();
    }

    @Test
    void linkStateChangeFromAKnownSwitchAsksForAnIncrementalSweep() throws Exception {
        byte[] known = trapMad(TrapSuppressionTest.trap128(KNOWN_SWITCH_LID));
        receiver.onTrap(MadAddress.smi(KNOWN_SWITCH_LID), known, known.length);
        assertThat(events.isPending(SmEvent.INCREMENTAL_SWEEP)).isTrue();
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isFalse();
        events.take();

        byte[] unknown = trapMad(TrapSuppressionTest.trap128(3));
        receiver.onTrap(MadAddress.smi(3), unknown, unknown.length);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).as("a switch the model lacks needs a heavy sweep").isTrue();
    }

    @Test
    void aTrap144ReachingAnSmStillDiscoveringAsksForAnotherHeavySweepAndNothingElse() throws Exception {
        AtomicReference<SmState> state = new AtomicReference<>(SmState.DISCOVERING);
        TrapReceiver discovering = new TrapReceiver(transactions, events, () -> true, state::get, lid -> true,
                (notice, lid) -> forwarded.add("forwarded"), (notice, repeated) -> portTraps.add("port"), () -> 0L);
        Notice localChanges = new Notice(true, Notice.TYPE_INFORMATIONAL, Notice.PRODUCER_CA, 144, 7, 0, 0,
                new byte[Notice.DATA_DETAILS_LENGTH]);
        byte[] trap144 = trapMad(localChanges);
        byte[] trap128 = trapMad(TrapSuppressionTest.trap128(KNOWN_SWITCH_LID));

        discovering.onTrap(MadAddress.smi(7), trap128, trap128.length);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).as("other traps are dropped").isFalse();
        discovering.onTrap(MadAddress.smi(7), trap144, trap144.length);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).isTrue();
        assertThat(forwarded).isEmpty();
        assertThat(channel.sentMethods).as("not repressed: the standby sends it once").isEmpty();

        events.take();
        state.set(SmState.STANDBY);
        discovering.onTrap(MadAddress.smi(7), trap144, trap144.length);
        assertThat(events.isPending(SmEvent.HEAVY_SWEEP)).as("a standby sweeps for nobody").isFalse();
    }
}
