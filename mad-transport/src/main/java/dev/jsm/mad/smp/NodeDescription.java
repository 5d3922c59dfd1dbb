package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * NodeDescription (attribute 0x0010, 64 bytes; IBA 14.2.5.2): UTF-8 text, NUL padded, not necessarily terminated.
 *
 * @param description the text up to the first NUL
 */
public record NodeDescription(String description) {

    public static final Field NODE_STRING = Field.text("NodeString", 0, 64);
    public static final Layout LAYOUT = Layout.of("NodeDescription", 64, NODE_STRING);

    /** Decodes NodeDescription at {@code off}. */
    public static NodeDescription decode(byte[] b, int off) {
        return new NodeDescription(NODE_STRING.getText(b, off));
    }

    /** Encodes at {@code off}, truncating to 64 bytes and padding with NULs. */
    public void encodeTo(byte[] b, int off) {
        NODE_STRING.putText(b, off, description);
    }
}
