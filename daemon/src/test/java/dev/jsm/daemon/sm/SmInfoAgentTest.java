package dev.jsm.daemon.sm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.subnet.PortAttributes;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the SMInfo agent answers and does, checked on the bytes it sends. */
class SmInfoAgentTest {

    private static final long OWN = 0x0002c90200000041L;
    private static final long MASTER = 0x0002c90200000001L;
    private static final long SM_KEY = 0x1L;

    private final Channel channel = new Channel();
    private final MadTransactions transactions = new MadTransactions(channel, TransactionSettings.defaults(),
            Runnable::run);
    private final SmStatus status = new SmStatus(SmState.DISCOVERING, 3);
    private final SmStateMachine machine = new SmStateMachine(status, OWN, new SmEvents());
    private final RemoteSms remotes = new RemoteSms();
    private final LocalSmPort port = new LocalSmPort();
    private final SmInfoAgent agent = new SmInfoAgent(transactions, machine, remotes, port, () -> SM_KEY,
            MKeyScheme.NONE);

    @AfterEach
    void close() {
        transactions.close();
    }

    @Test
    void aGetIsAnsweredWithGuidSmKeyPriorityAndState() {
        agent.onGet(MadAddress.directedRoute(), request(Method.GET, 0, 0, null), 256);

        byte[] r = channel.only();
        // common header: base version 1, class 0x81 (DR SMP), class version 1, method 0x81 GetResp
        assertThat(hex(r, 0, 4)).isEqualTo("01810181");
        // D bit set (returning), status 0
        assertThat(hex(r, 4, 2)).isEqualTo("8000");
        // attribute 0x0020 SMInfo
        assertThat(hex(r, 16, 2)).isEqualTo("0020");
        // GUID | SM_Key | ActCount | Priority 3 << 4 | state 1 (DISCOVERING)
        assertThat(hex(r, Smp.DATA_OFFSET, 21))
                .isEqualTo("0002c90200000041" + "0000000000000001" + "00000000" + "31");
    }

    @Test
    void withTheWrongMKeyAGetShowsNoSmKeyAtProtection1AndIsIgnoredAbove() {
        port.update(PortAttributes.NONE.withMKey(0x1234, 1));
        agent.onGet(MadAddress.directedRoute(), request(Method.GET, 0, 0x9999, null), 256);
        assertThat(hex(channel.only(), Smp.DATA_OFFSET + 8, 8)).as("SM_Key hidden").isEqualTo("0000000000000000");

        channel.sent.clear();
        port.update(PortAttributes.NONE.withMKey(0x1234, 2));
        agent.onGet(MadAddress.directedRoute(), request(Method.GET, 0, 0x9999, null), 256);
        assertThat(channel.sent).as("no answer at protection 2").isEmpty();

        agent.onGet(MadAddress.directedRoute(), request(Method.GET, 0, 0x1234, null), 256);
        assertThat(hex(channel.only(), Smp.DATA_OFFSET + 8, 8)).isEqualTo("0000000000000001");
    }

    @Test
    void aStandbyHandedOverToAcknowledgesThenBecomesMaster() {
        standbyFor(MASTER);

        agent.onSet(MadAddress.directedRoute(), request(Method.SET, SmInfo.AM_HANDOVER, 0,
                new SmInfo(MASTER, SM_KEY, 77, 1, SmInfo.STATE_MASTER)), 256);

        assertThat(channel.sent).hasSize(2);
        byte[] answer = channel.sent.get(0);
        assertThat(hex(answer, 3, 3)).as("GetResp, D bit, status 0").isEqualTo("818000");
        byte[] ack = channel.sent.get(1);
        // Set (0x02) SMInfo with modifier 2 ACKNOWLEDGE, along the route to the old master
        assertThat(hex(ack, 3, 1)).isEqualTo("02");
        assertThat(hex(ack, 16, 8)).isEqualTo("0020" + "0000" + "00000002");
        // this SM's SMInfo still says STANDBY (2) with priority 3, as OpenSM only takes it from a standby
        assertThat(hex(ack, Smp.DATA_OFFSET + 20, 1)).isEqualTo("32");
        assertThat(status.state()).isEqualTo(SmState.MASTER);
        assertThat(status.takeover()).isTrue();
    }

    @Test
    void aSetTheSendersStateDoesNotAllowIsRefusedWith001c() {
        standbyFor(MASTER);

        agent.onSet(MadAddress.directedRoute(), request(Method.SET, SmInfo.AM_DISABLE, 0,
                new SmInfo(MASTER, SM_KEY, 0, 1, SmInfo.STATE_STANDBY)), 256);

        // D bit and status 0x001C: invalid attribute or attribute modifier value
        assertThat(hex(channel.only(), 4, 2)).isEqualTo("801c");
        assertThat(status.state()).isEqualTo(SmState.STANDBY);
    }

    @Test
    void aSetThisStateDoesNotTakeIsRefusedToo() {
        agent.onSet(MadAddress.directedRoute(), request(Method.SET, SmInfo.AM_STANDBY, 0,
                new SmInfo(MASTER, SM_KEY, 0, 1, SmInfo.STATE_MASTER)), 256);

        assertThat(hex(channel.only(), 4, 2)).as("DISCOVERING takes no STANDBY").isEqualTo("801c");
        assertThat(status.state()).isEqualTo(SmState.DISCOVERING);
    }

    @Test
    void aSetWithAnotherSmKeyOrTheWrongMKeyIsIgnoredUnanswered() {
        standbyFor(MASTER);

        agent.onSet(MadAddress.directedRoute(), request(Method.SET, SmInfo.AM_HANDOVER, 0,
                new SmInfo(MASTER, 0x42, 0, 1, SmInfo.STATE_MASTER)), 256);
        port.update(PortAttributes.NONE.withMKey(0x1234, 1));
        agent.onSet(MadAddress.directedRoute(), request(Method.SET, SmInfo.AM_HANDOVER, 0x9999,
                new SmInfo(MASTER, SM_KEY, 0, 1, SmInfo.STATE_MASTER)), 256);

        assertThat(channel.sent).isEmpty();
        assertThat(status.state()).isEqualTo(SmState.STANDBY);
    }

    private void standbyFor(long master) {
        remotes.put(new RemoteSm(new SmInfo(master, SM_KEY, 0, 1, SmInfo.STATE_MASTER), DrPath.of(1, 3), 1, 1, 0));
        machine.signal(SmSignal.MASTER_OR_HIGHER_SM_DETECTED, master);
    }

    /** A DR SMInfo request from another SM two hops away, presenting {@code mKey}, with {@code payload}. */
    private static byte[] request(Method method, long modifier, long mKey, SmInfo payload) {
        byte[] mad = Smp.directedRoute(method, 0x1234, AttributeId.SM_INFO, modifier, DrPath.of(1, 2), mKey);
        if (payload != null) {
            payload.encodeTo(mad, Smp.DATA_OFFSET);
        }
        return mad;
    }

    private static String hex(byte[] b, int off, int len) {
        return HexFormat.of().formatHex(b, off, off + len);
    }

    /** A channel that records what is sent and never receives. */
    private static final class Channel implements MadChannel {
        final List<byte[]> sent = new CopyOnWriteArrayList<>();

        byte[] only() {
            assertThat(sent).hasSize(1);
            return sent.get(0);
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("test", 1, OWN, 10, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
            sent.add(mad.clone());
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}
