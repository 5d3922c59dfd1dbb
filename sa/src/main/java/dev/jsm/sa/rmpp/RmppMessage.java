package dev.jsm.sa.rmpp;

import dev.jsm.sa.codec.SaHeader;

/**
 * A whole RMPP message: the 56-byte MAD, RMPP and SA header of its first segment and the reassembled data (the
 * records, without the per-segment headers).
 *
 * <p>Immutable by convention: neither array is changed after construction (not copied, for speed).
 *
 * @param header the first segment's bytes 0..55
 * @param data the data of all segments, {@code PayloadLength - 20} bytes
 */
public record RmppMessage(byte[] header, byte[] data) {

    /** Checks the header size. */
    public RmppMessage {
        if (header.length != SaHeader.DATA_OFFSET) {
            throw new IllegalArgumentException("an RMPP message header has 56 bytes, not " + header.length);
        }
    }
}
