package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * LinkRecord (SA attribute 0x0020, 8 bytes; IBA 15.2.5.13): one direction of a physical link, from the port
 * {@code fromPort} of the node with LID {@code fromLid} to {@code toPort} of the node with LID {@code toLid}
 * (switch LIDs are port 0's).
 *
 * <p>Components: 0 FromLID, 1 FromPort, 2 ToPort, 3 ToLID.
 *
 * <p>Immutable; safe to share.
 *
 * @param fromLid LID of the source node's port (switch: port 0)
 * @param fromPort source port number
 * @param toPort destination port number
 * @param toLid LID of the destination node's port (switch: port 0)
 */
public record LinkRecord(int fromLid, int fromPort, int toPort, int toLid) {

    /** Record size in bytes (6 + 2 pad). */
    public static final int SIZE = 8;

    public static final Field FROM_LID = Field.u16("FromLID", 0);
    public static final Field FROM_PORT = Field.u8("FromPort", 2);
    public static final Field TO_PORT = Field.u8("ToPort", 3);
    public static final Field TO_LID = Field.u16("ToLID", 4);

    public static final Layout LAYOUT = Layout.of("LinkRecord", SIZE, FROM_LID, FROM_PORT, TO_PORT, TO_LID,
            Field.reservedBytes(6, 2));
    public static final Components COMPONENTS = Components.of(FROM_LID, FROM_PORT, TO_PORT, TO_LID);

    /** Decodes the record at {@code off}. */
    public static LinkRecord decode(byte[] b, int off) {
        return new LinkRecord(FROM_LID.getInt(b, off), FROM_PORT.getInt(b, off), TO_PORT.getInt(b, off),
                TO_LID.getInt(b, off));
    }

    /** Encodes the record at {@code off}, pad bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        FROM_LID.put(b, off, fromLid);
        FROM_PORT.put(b, off, fromPort);
        TO_PORT.put(b, off, toPort);
        TO_LID.put(b, off, toLid);
    }
}
