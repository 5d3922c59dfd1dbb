package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.smp.NodeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * NodeRecord (SA attribute 0x0011, 112 bytes; IBA 15.2.5.2): one end port's LID with its node's NodeInfo and
 * NodeDescription, as saquery {@code NR} prints it.
 *
 * <p>Components: 0 LID, 1 reserved, 2..13 the NodeInfo fields in order, 14 NodeDescription.
 *
 * <p>Immutable; safe to share.
 *
 * @param lid the port's base LID
 * @param nodeInfo NodeInfo as the port answers it (PortGUID and LocalPortNum of that port)
 * @param nodeDescription NodeDescription text
 */
public record NodeRecord(int lid, NodeInfo nodeInfo, String nodeDescription) {

    /** Record size in bytes (108 + 4 pad). */
    public static final int SIZE = 112;

    public static final Field LID = Field.u16("LID", 0);
    public static final int NODE_INFO_OFFSET = 4;
    public static final Field NODE_DESCRIPTION = Field.text("NodeDescription", 44, 64);

    public static final Layout LAYOUT = Layout.of("NodeRecord", SIZE, fields(true).toArray(new Field[0]));
    public static final Components COMPONENTS = Components.of(fields(false));

    /** Decodes the record at {@code off}. */
    public static NodeRecord decode(byte[] b, int off) {
        return new NodeRecord(LID.getInt(b, off), NodeInfo.decode(b, off + NODE_INFO_OFFSET),
                NODE_DESCRIPTION.getText(b, off));
    }

    /** Encodes the record at {@code off}, reserved and pad bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LID.put(b, off, lid);
        nodeInfo.encodeTo(b, off + NODE_INFO_OFFSET);
        NODE_DESCRIPTION.putText(b, off, nodeDescription);
    }

    private static List<Field> fields(boolean withPad) {
        List<Field> f = new ArrayList<>();
        f.add(LID);
        f.add(Field.reservedBytes(2, 2));
        f.addAll(Components.embedded(NodeInfo.LAYOUT, NODE_INFO_OFFSET));
        f.add(NODE_DESCRIPTION);
        if (withPad) {
            f.add(Field.reservedBytes(108, 4));
        }
        return f;
    }
}
