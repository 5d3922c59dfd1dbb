package dev.jsm.daemon.sweep;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.ProgrammableTable;
import java.util.Objects;

/**
 * Brings one block of a table the SM keeps as wanted versus held ({@link ProgrammableTable}) to the switch or port:
 * if the block {@linkplain ProgrammableTable#blockDiffers differs}, a SubnSet() with its wanted content; when the
 * Set is answered with status 0 the content is recorded as held, otherwise the sweep's error is counted
 * ({@link SweepState#recordError}) and the stage writes its own log line. The one mechanism behind the LFT, MFT,
 * P_KeyTable, SLtoVLMappingTable and VLArbitrationTable programming; the stages choose the blocks, in their order,
 * and map each to its attribute modifier.
 *
 * <p>Sets about a port go by {@link #route}: a switch's ports through the switch (its SMA answers for all of them),
 * a CA or router port by the route that arrives on that port (IBA 14.2.5.6; {@link PathBook#toPort}).
 *
 * <p>Confined to the SM thread, where the answers are handled too.
 */
public final class BlockSync {

    /** What an answered Set tells the SM the block now holds. */
    public enum Held {
        /**
         * The content sent. For the forwarding tables, and for SL2VL and VLArb, whose answers need not be the block
         * itself: an "all ports" SL2VL Set answers one table for many, a VLArb answer may carry anything past the
         * port's capacity. It is read from the table's wanted content when the answer arrives, which is what was
         * sent: a stage writes a table's wanted content before it sends, and nothing writes it again before the
         * sweep's barrier has seen every answer. So nothing is kept per Set on the wire (a fabric's LFT blocks can
         * be hundreds of thousands, most of them queued behind the window).
         */
        AS_SENT,
        /** The answer's payload: what the port says it holds (P_KeyTable, as OpenSM's P_Key receiver records it). */
        AS_ANSWERED
    }

    /** How a stage words a failed Set, under its own message ID; the sweep's error is already counted. */
    @FunctionalInterface
    public interface SetFailure {
        /**
         * The Set of {@code block}, sent with {@code modifier}, failed.
         *
         * @param why the outcome in a few words ({@link Replies#failure})
         */
        void failed(int block, long modifier, String why);
    }

    /** A {@link SetFailure} for Sets about a port, which may also find no directed route to it. */
    public interface PortFailures extends SetFailure {
        /** {@code block} differs but no directed route to the port is known: nothing was sent. */
        void noRoute(int block);
    }

    /** Records an answered Set's content as held where it applies to more than the block it was addressed to. */
    @FunctionalInterface
    public interface Coverage {
        /** Records {@code content[off..off+blockBytes-1]} as held in every block the Set covered. */
        void markHeld(byte[] content, int off);
    }

    private final SweepState state;
    private final SmpSender smps;
    private final AttributeId attribute;
    private final Held held;
    private final boolean errorStatusHeld;

    /**
     * @param state the sweep (routes, error count)
     * @param smps the sender of the Sets
     * @param attribute the table attribute the Sets carry
     * @param held what an answered Set records as held
     */
    public BlockSync(SweepState state, SmpSender smps, AttributeId attribute, Held held) {
        this(state, smps, attribute, held, false);
    }

    private BlockSync(SweepState state, SmpSender smps, AttributeId attribute, Held held, boolean errorStatusHeld) {
        this.state = state;
        this.smps = smps;
        this.attribute = attribute;
        this.held = held;
        this.errorStatusHeld = errorStatusHeld;
    }

    /**
     * This mechanism, except that a Set answered with an error status is taken as answered with 0: its content is
     * recorded as held, no error is counted and the stage is not told. OpenSM's
     * {@code suppress_sl2vl_mad_status_errors}, for switches whose SMA rejects SLtoVLMappingTable Sets it applies
     * anyway (docs/reference/opensm-behaviour.md#qos). A Set not answered at all still fails.
     */
    public BlockSync heldDespiteErrorStatus() {
        return new BlockSync(state, smps, attribute, held, true);
    }

    /** The directed route for Sets about {@code port}, or {@code null} if discovery never found one. */
    public DrPath route(PhysPort port) {
        return state.paths().toPort(port);
    }

    /**
     * Sends {@code block} of a switch's table along {@code path} if it differs.
     *
     * @param path the route to the switch
     * @param modifier the attribute modifier addressing the block
     * @param failure how a failed Set is logged
     * @return whether a Set was sent
     */
    public boolean sync(DrPath path, ProgrammableTable table, int block, long modifier, SetFailure failure) {
        return send(Objects.requireNonNull(path, "path"), table, block, modifier, null, failure);
    }

    /**
     * Sends {@code block} of one of {@code port}'s tables if it differs, along {@link #route}; without a route,
     * counts the sweep's error and tells {@code failures}.
     *
     * @return whether a Set was sent
     */
    public boolean sync(PhysPort port, ProgrammableTable table, int block, long modifier, PortFailures failures) {
        return sync(port, table, block, modifier, null, failures);
    }

    /**
     * As {@link #sync(PhysPort, ProgrammableTable, int, long, PortFailures)} for a Set that writes more than the block
     * it is addressed to (the "all ports" SL2VL Sets): the answered content goes to {@code coverage}, which records
     * it in every block covered, instead of to {@code block} alone. Whether the Set is due is {@code block}'s
     * difference alone.
     *
     * @param coverage where the answered content is recorded, or {@code null} for {@code block} alone
     * @return whether a Set was sent
     */
    public boolean sync(PhysPort port, ProgrammableTable table, int block, long modifier, Coverage coverage,
                        PortFailures failures) {
        DrPath path = route(port);
        if (path == null) {
            if (table.blockDiffers(block)) {
                state.recordError();
                failures.noRoute(block);
            }
            return false;
        }
        return send(path, table, block, modifier, coverage, failures);
    }

    private boolean send(DrPath path, ProgrammableTable table, int block, long modifier, Coverage coverage,
                         SetFailure failure) {
        if (!table.blockDiffers(block)) {
            return false;
        }
        smps.set(path, attribute, modifier, (mad, off) -> table.copyWanted(block, mad, off), outcome -> {
            byte[] mad = errorStatusHeld ? Replies.answeredMad(outcome) : Replies.okMad(outcome);
            if (mad != null) {
                held(table, block, coverage, mad);
            } else if (!Replies.isClosed(outcome)) {
                state.recordError();
                failure.failed(block, modifier, Replies.failure(outcome));
            }
        });
        return true;
    }

    /** Records what the answered Set of {@code block} says is held, in the block or in what it covered. */
    private void held(ProgrammableTable table, int block, Coverage coverage, byte[] answer) {
        byte[] src = answer;
        int off = Smp.DATA_OFFSET;
        if (held == Held.AS_SENT) {
            src = new byte[table.blockBytes()];
            off = 0;
            table.copyWanted(block, src, 0);
        }
        if (coverage == null) {
            table.setHeld(block, src, off);
        } else {
            coverage.markHeld(src, off);
        }
    }
}
