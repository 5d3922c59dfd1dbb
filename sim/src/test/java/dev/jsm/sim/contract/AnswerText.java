package dev.jsm.sim.contract;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.SmpAttributes;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The canonical text of what came back for one SMP: {@code key=value} tokens separated by single spaces, so that
 * two runs can be compared token by token. An answer gives {@code outcome=ANSWERED}, the header fields that matter
 * ({@code method}, {@code status} without the D bit, {@code attr}, {@code mod}; for directed routes {@code D},
 * {@code hops}, {@code hptr}, {@code rp0} = ReturnPath[0] and {@code rpath} = ReturnPath[1..HopCount]; for LID-routed
 * SMPs the responder's LID as {@code from}), then every named field of the attribute's {@link Layout} decoded
 * ({@code NodeGUID=0x...}, {@code Port[3]=1}; fields wider than 16 bits in hex, text with spaces as {@code %20}),
 * or {@code data=} hex for attributes without a codec. Otherwise {@code outcome=SEND_FAILED status=<errno>} or
 * {@code outcome=NO_ANSWER}.
 *
 * <p>Stateless.
 */
final class AnswerText {

    private static final HexFormat HEX = HexFormat.of();

    private AnswerText() {
    }

    /** The tokens of {@code o}. */
    static String of(SmpExchange.Outcome o) {
        return switch (o.kind()) {
            case NO_ANSWER -> "outcome=NO_ANSWER";
            case SEND_FAILED -> "outcome=SEND_FAILED status=" + o.status();
            case ANSWERED -> answered(o.from(), o.mad());
        };
    }

    /** The tokens of a MAD that arrived without being asked for (a trap, a stray response). */
    static String unsolicited(byte[] mad) {
        return answered(null, mad);
    }

    private static String answered(MadAddress from, byte[] mad) {
        MadHeader h = MadHeader.decode(mad);
        StringBuilder sb = new StringBuilder("outcome=ANSWERED");
        sb.append(String.format(" class=0x%02x method=0x%02x status=0x%04x attr=0x%04x mod=0x%x", h.mgmtClass(),
                h.method(), Smp.status(mad), h.attributeId(), h.attributeModifier()));
        if (Smp.isDirectedRoute(mad)) {
            int hops = Smp.hopCount(mad);
            sb.append(" D=").append(Smp.isReturning(mad) ? 1 : 0).append(" hops=").append(hops)
                    .append(" hptr=").append(Smp.hopPointer(mad))
                    .append(" rp0=").append(mad[Smp.RETURN_PATH_OFFSET] & 0xFF).append(" rpath=");
            for (int i = 1; i <= Math.min(hops, 63); i++) {
                sb.append(i > 1 ? "," : "").append(mad[Smp.RETURN_PATH_OFFSET + i] & 0xFF);
            }
        } else if (from instanceof MadAddress.LidRouted l) {
            sb.append(" from=").append(l.lid());
        }
        Optional<Layout> layout = SmpAttributes.layout(AttributeId.valueOf(h.attributeId()));
        if (layout.isPresent()) {
            payload(sb, layout.get(), mad);
        } else {
            sb.append(" data=").append(trimmedHex(mad));
        }
        return sb.toString();
    }

    private static void payload(StringBuilder sb, Layout layout, byte[] mad) {
        for (Field f : layout.fields()) {
            switch (f.kind()) {
                case RESERVED -> {
                    continue;
                }
                case UINT -> {
                    long v = f.getLong(mad, Smp.DATA_OFFSET);
                    sb.append(' ').append(f.name()).append('=')
                            .append(f.bitWidth() > 16 ? "0x" + Long.toHexString(v) : Long.toString(v));
                }
                case BYTES -> sb.append(' ').append(f.name()).append('=').append(HEX.formatHex(
                        mad, Smp.DATA_OFFSET + f.byteOffset(), Smp.DATA_OFFSET + f.byteOffset() + f.byteLength()));
                case TEXT -> sb.append(' ').append(f.name()).append('=')
                        .append(f.getText(mad, Smp.DATA_OFFSET).replace("%", "%25").replace(" ", "%20"));
                default -> throw new IllegalStateException("field kind " + f.kind());
            }
        }
    }

    /** The payload in hex without its trailing zero bytes. */
    private static String trimmedHex(byte[] mad) {
        int end = Smp.DATA_OFFSET + Smp.DATA_SIZE;
        while (end > Smp.DATA_OFFSET && mad[end - 1] == 0) {
            end--;
        }
        return end == Smp.DATA_OFFSET ? "0" : HEX.formatHex(mad, Smp.DATA_OFFSET, end);
    }
}
