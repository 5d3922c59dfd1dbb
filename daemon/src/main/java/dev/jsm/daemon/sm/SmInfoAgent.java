package dev.jsm.daemon.sm;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.mkey.MKeyScheme;
import dev.jsm.daemon.sweep.Replies;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.subnet.Guid;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.LongSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * This SM's SMInfo as other SMs and tools see it, and what it does with the SMInfo Sets they send (IBA 14.4.1,
 * OpenSM's {@code osm_sminfo_rcv.c}).
 *
 * <p>Runs on the receive thread (registered as an unsolicited handler with a direct executor), so that a master busy
 * in a long sweep still answers the polls of its standbys; thread-safe.
 *
 * <p>In detail: docs/design/daemon.md#sminfoagent.
 */
public final class SmInfoAgent {

    /** MAD status for an SMInfo Set this SM does not take: invalid attribute or attribute modifier value. */
    static final int STATUS_INVALID_FIELD = 0x001C;

    private static final Logger LOG = LogManager.getLogger(SmInfoAgent.class);

    private final MadTransactions transactions;
    private final SmStateMachine machine;
    private final RemoteSms remotes;
    private final LocalSmPort port;
    private final LongSupplier smKey;
    private final MKeyScheme mKeys;

    /**
     * @param transactions where answers and ACKNOWLEDGE go
     * @param machine the state machine the Sets drive
     * @param remotes the other SMs known (the route an ACKNOWLEDGE takes)
     * @param port this SM's port (M_Key and protection bits)
     * @param smKey {@code sm_key}, read at every MAD
     * @param mKeys the M_Keys the other SMs' ports hold (the ACKNOWLEDGE presents the receiver's)
     */
    public SmInfoAgent(MadTransactions transactions, SmStateMachine machine, RemoteSms remotes, LocalSmPort port,
                       LongSupplier smKey, MKeyScheme mKeys) {
        this.transactions = transactions;
        this.machine = machine;
        this.remotes = remotes;
        this.port = port;
        this.smKey = smKey;
        this.mKeys = mKeys;
    }

    /** The SMInfo this SM reports now, with its SM_Key. */
    public SmInfo current() {
        return current(machine.status().state());
    }

    private SmInfo current(SmState state) {
        SmStatus s = machine.status();
        return new SmInfo(machine.ownGuid(), smKey.getAsLong(), transactions.stats().sent() & 0xFFFF_FFFFL,
                s.priority(), state.wireValue());
    }

    /** Answers one SMInfo Get (an unsolicited MAD). */
    public void onGet(MadAddress from, byte[] mad, int length) {
        long ours = port.mKey();
        boolean keyMatches = ours == 0 || Smp.M_KEY.getLong(mad, 0) == ours;
        if (!keyMatches && port.mKeyProtectBits() > 1) {
            LOG.error("SM-0622 SMInfo Get from {} presents the wrong M_Key: ignored", from);
            return;
        }
        SmInfo info = current();
        if (!keyMatches) {
            info = new SmInfo(info.guid(), 0, info.actCount(), info.priority(), info.smState());
        }
        respond(from, mad, length, 0, info);
    }

    /** Takes one SMInfo Set (an unsolicited MAD): checks it, answers it, then acts on it. */
    public void onSet(MadAddress from, byte[] mad, int length) {
        long ours = port.mKey();
        if (ours != 0 && Smp.M_KEY.getLong(mad, 0) != ours) {
            LOG.error("SM-0623 SMInfo Set from {} presents the wrong M_Key: ignored", from);
            return;
        }
        SmInfo sender = SmInfo.decode(mad, Smp.DATA_OFFSET);
        long key = smKey.getAsLong();
        if (key != 0 && sender.smKey() != key) {
            LOG.log(LogLevels.SYS, "Found remote SM {} with non-matching sm_key: its SMInfo Set is ignored",
                    Guid.toString(sender.guid()));
            return;
        }
        long modifier = MadHeader.ATTRIBUTE_MODIFIER.getLong(mad, 0);
        SmSignal signal = SmSignal.ofSetModifier(modifier);
        SmState senderState = sender.smState() <= SmInfo.STATE_MASTER ? SmState.fromWire(sender.smState()) : null;
        boolean senderMay = signal == SmSignal.ACKNOWLEDGE ? senderState == SmState.STANDBY
                : signal != null && senderState == SmState.MASTER;
        if (!senderMay || !machine.accepts(signal, sender.guid())) {
            LOG.error("SM-0624 SMInfo Set (modifier {}) from SM {} in state {} refused in state {}", modifier,
                    Guid.toString(sender.guid()), senderState == null ? sender.smState() : senderState.logName(),
                    machine.status().state().logName());
            respond(from, mad, length, STATUS_INVALID_FIELD, current());
            return;
        }
        SmState before = machine.status().state();
        respond(from, mad, length, 0, current());
        LOG.log(LogLevels.VERBOSE, "SMInfo Set {} from SM {} (priority {}, {})", signal,
                Guid.toString(sender.guid()), sender.priority(), senderState.logName());
        if (signal == SmSignal.HANDOVER && before == SmState.STANDBY) {
            acknowledge(sender.guid());
        }
        machine.signal(signal, sender.guid());
    }

    /**
     * Sends SMInfo Set(ACKNOWLEDGE) to the SM that handed over, along the route discovery found to it, with this
     * SM's SMInfo still saying STANDBY.
     */
    private void acknowledge(long to) {
        RemoteSm sm = remotes.get(to);
        if (sm == null) {
            LOG.error("SM-0625 no route known to SM {}: HANDOVER not acknowledged", Guid.toString(to));
            return;
        }
        byte[] mad = Smp.directedRoute(Method.SET, 0, AttributeId.SM_INFO, SmInfo.AM_ACKNOWLEDGE, sm.path(),
                mKeys.expected(to));
        current(SmState.STANDBY).encodeTo(mad, Smp.DATA_OFFSET);
        LOG.log(LogLevels.SYS, "sending ACKNOWLEDGE to SM {}", Guid.toString(to));
        transactions.send(OutboundMad.of(MadAddress.directedRoute(), mad), o -> {
            if (Replies.okMad(o) == null && !Replies.isClosed(o)) {
                LOG.error("SM-0626 ACKNOWLEDGE to SM {} failed: {}", Guid.toString(to), Replies.failure(o));
            }
        });
    }

    /** Answers {@code mad} with GetResp, {@code status} and {@code info}. */
    private void respond(MadAddress from, byte[] mad, int length, int status, SmInfo info) {
        byte[] resp = Arrays.copyOf(mad, Math.max(length, 256));
        resp[3] = (byte) Method.GET_RESP.value();
        resp[4] = 0;
        resp[5] = 0;
        if (Smp.isDirectedRoute(resp)) {
            Smp.D_BIT.put(resp, 0, 1);
            Smp.DR_STATUS.put(resp, 0, status);
        } else {
            MadHeader.STATUS.put(resp, 0, status);
        }
        Arrays.fill(resp, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_SIZE, (byte) 0);
        info.encodeTo(resp, Smp.DATA_OFFSET);
        try {
            transactions.post(new OutboundMad(from, resp, resp.length));
        } catch (IOException e) {
            LOG.error("SM-0602 cannot answer an SMInfo request from {}: {}", from, e.getMessage());
        }
    }
}
