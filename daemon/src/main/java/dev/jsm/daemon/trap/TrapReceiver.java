package dev.jsm.daemon.trap;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.smp.VendorTraps;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Receives traps (Trap(Notice), class 0x01) while this SM is master (an SM that is not drops them unanswered, as
 * OpenSM): answers each with a TrapRepress, so the sender stops repeating it;
 * hands every port-health trap (129-131) to the {@link PortTrapSink} with whether it was repeated (which marks
 * ports unhealthy, see {@link PortHealthMonitor}); drops repeated ones ({@link TrapSuppression}: counted, nothing
 * else happens); for trap 128 (link state changed) asks for an incremental sweep of the switch that sent it, and for
 * 144 (local changes) a heavy sweep, and for NVIDIA's vendor trap 1146 (a virtual port changed state,
 * docs/virtualization.md) a light sweep, which finds the port by its VPortStateChange, when {@code sweep_on_trap} is
 * set
 * (docs/reference/opensm-behaviour.md#heavy-and-light-sweeps); and hands every trap but 129-131
 * (which OpenSM does not report either) to the event forwarding with its source LID.
 *
 * <p>Runs on the SM thread (registered as an unsolicited handler), like the port-health sink it calls; otherwise it
 * only enqueues work. {@link #suppressed()} may be read from any thread.
 */
public final class TrapReceiver {

    /** Takes the port-health traps 129-131. */
    @FunctionalInterface
    public interface PortTrapSink {
        /** One trap 129-131; {@code repeated} if the suppression found it repeated. Called on the SM thread. */
        void onPortTrap(Notice notice, boolean repeated);
    }

    private static final Logger LOG = LogManager.getLogger(TrapReceiver.class);
    private static final int TRAP_LINK_STATE_CHANGE = 128;
    private static final int TRAP_LINK_INTEGRITY = 129;
    private static final int TRAP_WATCHDOG_TIMER = 131;
    private static final int TRAP_LOCAL_CHANGES = 144;

    private final MadTransactions transactions;
    private final SmEvents events;
    private final BooleanSupplier sweepOnTrap;
    private final Supplier<SmState> state;
    private final IntPredicate linkStateChanged;
    private final ObjIntConsumer<Notice> forward;
    private final PortTrapSink portTraps;
    private final LongSupplier clock;
    private final TrapSuppression suppression = new TrapSuppression();
    private final AtomicLong suppressed = new AtomicLong();
    private volatile Consumer<Notice> received = n -> { };

    /**
     * A receiver taking traps while {@code state} is MASTER (a DISCOVERING SM only notes a trap 144, see
     * {@link #onTrap}), answering through {@code transactions}, asking
     * {@code events} for sweeps (incremental when {@code linkStateChanged} records the trap 128's switch, given its
     * LID, and says so; else heavy), forwarding traps
     * through {@code forward} (notice, source LID) and port-health traps to {@code portTraps}, with {@code clock}
     * (nanoseconds) timing the suppression window.
     */
    public TrapReceiver(MadTransactions transactions, SmEvents events, BooleanSupplier sweepOnTrap,
                        Supplier<SmState> state, IntPredicate linkStateChanged, ObjIntConsumer<Notice> forward,
                        PortTrapSink portTraps, LongSupplier clock) {
        this.transactions = transactions;
        this.events = events;
        this.sweepOnTrap = sweepOnTrap;
        this.state = state;
        this.linkStateChanged = linkStateChanged;
        this.forward = forward;
        this.portTraps = portTraps;
        this.clock = clock;
    }

    /**
     * Handles one Trap MAD. An SM that is not master drops it, but for a trap 144 that reaches an SM still
     * DISCOVERING: a standby that found this SM discovering sends it when it stands by, possibly before this SM's
     * discovery got to its port, and light sweeps ask only the SMs known; so it asks for another heavy sweep, which
     * meets the new SM (the election follows the current sweep's discovery either way).
     */
    public void onTrap(MadAddress from, byte[] mad, int length) {
        SmState now = state.get();
        if (now != SmState.MASTER) {
            Notice n = Notice.decode(mad, Smp.DATA_OFFSET);
            if (now == SmState.DISCOVERING && n.generic() && n.trapNumberOrDeviceId() == TRAP_LOCAL_CHANGES) {
                LOG.log(LogLevels.VERBOSE, "trap 144 from LID {} while discovering: another heavy sweep requested",
                        n.issuerLid());
                events.request(SmEvent.HEAVY_SWEEP, "trap 144 from LID " + n.issuerLid() + " while discovering");
            } else {
                LOG.debug("trap from {} dropped: this SM is not master", from);
            }
            return;
        }
        Notice notice = Notice.decode(mad, Smp.DATA_OFFSET);
        repress(from, mad, length);
        int sourceLid = from instanceof MadAddress.LidRouted l ? l.lid() : 0;
        int trap = notice.trapNumberOrDeviceId();
        String what = "trap " + trap + " from LID " + notice.issuerLid();
        boolean repeated = suppression.suppress(sourceLid, notice, clock.getAsLong());
        boolean portHealth = notice.generic() && trap >= TRAP_LINK_INTEGRITY && trap <= TRAP_WATCHDOG_TIMER;
        if (portHealth) {
            portTraps.onPortTrap(notice, repeated);
        }
        if (repeated) {
            suppressed.incrementAndGet();
            LOG.debug("{}: repeated, only repressed", what);
            return;
        }
        received.accept(notice);
        if (VendorTraps.isVPortStateChange(notice)) {
            what = "trap 1146 (vport state change) from LID " + sourceLid;
            if (sweepOnTrap.getAsBoolean()) {
                // the light sweep reads VPortStateChange and sends the flagged ports to an incremental sweep
                LOG.log(LogLevels.VERBOSE, "{}: light sweep requested", what);
                events.request(SmEvent.LIGHT_SWEEP, what);
            }
        } else if (notice.generic() && (trap == TRAP_LINK_STATE_CHANGE || trap == TRAP_LOCAL_CHANGES)) {
            if (sweepOnTrap.getAsBoolean()) {
                boolean incremental = trap == TRAP_LINK_STATE_CHANGE && linkStateChanged.test(notice.issuerLid());
                LOG.log(LogLevels.VERBOSE, "{}: {} sweep requested", what, incremental ? "incremental" : "heavy");
                events.request(incremental ? SmEvent.INCREMENTAL_SWEEP : SmEvent.HEAVY_SWEEP, what);
            }
        } else {
            LOG.info("{} received (type {}, {}generic)", what, notice.type(), notice.generic() ? "" : "not ");
        }
        if (!portHealth) {
            forward.accept(notice, sourceLid);
        }
    }

    /**
     * Tells {@code listener} of every trap handled as master that is not a suppressed repeat (the event plug-ins), on
     * the SM thread; it must not block. Call before traps arrive.
     */
    public void onReceived(Consumer<Notice> listener) {
        received = listener;
    }

    /** Traps suppressed as repeated so far. */
    public long suppressed() {
        return suppressed.get();
    }

    private void repress(MadAddress from, byte[] mad, int length) {
        byte[] r = Arrays.copyOf(mad, Math.max(length, 256));
        r[3] = (byte) Method.TRAP_REPRESS.value();
        r[4] = 0;
        r[5] = 0;
        try {
            transactions.post(new OutboundMad(from, r, r.length));
        } catch (IOException e) {
            LOG.error("SM-0603 cannot answer a trap from {} with TrapRepress: {}", from, e.getMessage());
        }
    }
}
