package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * VNodeDescription (vendor attribute 0xFFB4, 64 bytes; {@code docs/virtualization.md}): the NodeDescription of the
 * virtual node a vport belongs to, UTF-8, NUL padded, as the virtual machine set it. The attribute modifier is the
 * vport index (bits 15:0); read-only for the SM.
 *
 * @param description the text up to the first NUL
 */
public record VNodeDescription(String description) {

    public static final Field NODE_STRING = Field.text("VNodeString", 0, 64);
    public static final Layout LAYOUT = Layout.of("VNodeDescription", 64, NODE_STRING);

    /** Decodes VNodeDescription at {@code off}. */
    public static VNodeDescription decode(byte[] b, int off) {
        return new VNodeDescription(NODE_STRING.getText(b, off));
    }

    /** Encodes at {@code off}, truncating to 64 bytes and padding with NULs. */
    public void encodeTo(byte[] b, int off) {
        NODE_STRING.putText(b, off, description);
    }

    /** Attribute modifier selecting the vnode of vport {@code index}. */
    public static long modifier(int index) {
        return VPortInfo.modifier(index);
    }
}
