package dev.jsm.sa.replica;

import java.util.List;

/**
 * One message between master and standby (docs/operations.md, "SA state across restarts and failovers"): the master
 * sends {@link Kind#DATA} frames, numbered one after another within its stream ({@code epoch}), carrying
 * {@link ReplicaEntry changes}; a run of them flagged {@link #SNAPSHOT_BEGINS} to {@link #SNAPSHOT_ENDS} is a whole
 * snapshot, which replaces what the standby had. The standby answers each DATA frame with an {@link Kind#ACK} of
 * the highest number it has applied in order, and asks for a snapshot ({@link Kind#SNAPSHOT_REQUEST}) when it gets a
 * frame of a stream it does not know. Every frame carries the SM_Key; a frame with another key is dropped.
 *
 * <p>Immutable; safe to share.
 *
 * @param kind what the frame is
 * @param flags {@link #SNAPSHOT_BEGINS}, {@link #SNAPSHOT_ENDS} (DATA frames)
 * @param epoch the master's stream: a number drawn when the stream starts, so that a restarted master's frames are
 *     told from its predecessor's
 * @param seq DATA: this frame's number; ACK: the highest number applied in order
 * @param smKey the sender's SM_Key
 * @param entries the changes (DATA frames; empty otherwise)
 *
 * <p>In detail: docs/design/sa.md#replicaframe.
 */
public record ReplicaFrame(Kind kind, int flags, int epoch, long seq, long smKey, List<ReplicaEntry> entries) {

    /** The wire format's version. */
    public static final int VERSION = 1;
    /** The header's size. */
    public static final int HEADER_BYTES = 24;
    /**
     * The smallest frame size that carries every entry (a ServiceRecord with its lease and owner: 189 bytes): the
     * data of a vendor MAD of the range with RMPP and OUI (IBA 13.4.3: 256 - 40 bytes).
     */
    public static final int MIN_BYTES = 216;
    /** Flag of the first frame of a snapshot. */
    public static final int SNAPSHOT_BEGINS = 0x01;
    /** Flag of the last frame of a snapshot. */
    public static final int SNAPSHOT_ENDS = 0x02;

    /** Copies the entries. */
    public ReplicaFrame {
        entries = List.copyOf(entries);
    }

    /** What a frame is. */
    public enum Kind {
        /** Changes (or part of a snapshot), master to standby. */
        DATA(1),
        /** The highest DATA frame applied in order, standby to master. */
        ACK(2),
        /** The standby does not know the stream: it needs a snapshot. */
        SNAPSHOT_REQUEST(3);

        private final int code;

        Kind(int code) {
            this.code = code;
        }

        /** Its code on the wire. */
        public int code() {
            return code;
        }

        /** The kind of {@code code}, or {@code null}. */
        static Kind of(int code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            return null;
        }
    }

    /** An acknowledgement of frame {@code seq} of stream {@code epoch}. */
    public static ReplicaFrame ack(int epoch, long seq, long smKey) {
        return new ReplicaFrame(Kind.ACK, 0, epoch, seq, smKey, List.of());
    }

    /** A standby's request for a snapshot, on seeing stream {@code epoch}. */
    public static ReplicaFrame snapshotRequest(int epoch, long smKey) {
        return new ReplicaFrame(Kind.SNAPSHOT_REQUEST, 0, epoch, 0, smKey, List.of());
    }

    /** Whether this frame begins a snapshot. */
    public boolean begins() {
        return (flags & SNAPSHOT_BEGINS) != 0;
    }

    /** Whether this frame ends a snapshot. */
    public boolean ends() {
        return (flags & SNAPSHOT_ENDS) != 0;
    }
}
