package dev.jsm.sa.rmpp;

/**
 * The data of one RMPP message as the sender reads it, a segment at a time: a built array ({@link #of}), or records
 * made again on demand for a table too large to hold whole (the SA's table of every PathRecord). A sender may read
 * any range again (a window resent after a lost ACK), so the bytes at an offset must not change while the transfer
 * runs.
 *
 * <p>Implementations are confined to the sender's monitor.
 */
public interface RmppPayload {

    /** The message's data length in bytes (the records, without the SA header), at most {@code 2^31 - 21}. */
    int length();

    /** Copies {@code n} bytes from offset {@code from} of the data into {@code to} at {@code at}. */
    void copy(int from, byte[] to, int at, int n);

    /** Heap bytes the payload holds while its transfer runs: what the sender's bounds on messages held count. */
    long heldBytes();

    /**
     * Called when the sender lets go of the message: acknowledged, aborted, timed out, replaced by another with the
     * same TID, or dropped with every other ({@link RmppSender#clear}); not called for a message it did not take.
     */
    default void released() {
    }

    /** The payload of a built message. */
    static RmppPayload of(byte[] data) {
        return new RmppPayload() {
            @Override
            public int length() {
                return data.length;
            }

            @Override
            public void copy(int from, byte[] to, int at, int n) {
                System.arraycopy(data, from, to, at, n);
            }

            @Override
            public long heldBytes() {
                return data.length;
            }
        };
    }
}
