package dev.jsm.sim.contract;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Sends the contract's SMPs and prints one canonical line per request: {@code <label> => <answer>}, where the label
 * says what was asked ({@code DR Get PortInfo path=0,1,5 mod=0x3}, {@code LID Get NodeInfo lid=7 mod=0x0}, plus
 * {@code case=<name>} for the requests that exercise a known difference) and the answer is {@link AnswerText}'s.
 * MADs that arrived unasked are printed after the request they came with, as {@code UNSOLICITED => <answer>}.
 *
 * <p>Confined to the script's thread.
 */
final class ScriptedSmps {

    /** Separates a line's label from its answer. */
    static final String ARROW = " => ";

    private final SmpExchange exchange;
    private final Consumer<String> out;
    private int count;

    ScriptedSmps(MadChannel channel, Consumer<String> out) {
        this.exchange = new SmpExchange(channel);
        this.out = out;
    }

    /** Prints a line that is not an SMP exchange (the local port, a summary). */
    void print(String label, String answer) {
        out.accept(label + ARROW + answer);
    }

    /** Number of SMPs sent so far. */
    int count() {
        return count;
    }

    /** A directed-route Get. */
    SmpExchange.Outcome get(DrPath path, AttributeId attr, long mod) throws IOException, InterruptedException {
        return dr(Method.GET, path, attr, mod, null, null);
    }

    /**
     * A directed-route request.
     *
     * @param payload the 64-byte attribute to send (Sets), or null for zeros
     * @param tag the known difference this request exercises, or null
     */
    SmpExchange.Outcome dr(Method method, DrPath path, AttributeId attr, long mod, byte[] payload, String tag)
            throws IOException, InterruptedException {
        byte[] mad = Smp.directedRoute(method, exchange.nextTid(), attr, mod, path, 0);
        String label = "DR " + method.name() + " " + attr.name() + " path=" + path + " mod=0x" + Long.toHexString(mod);
        return send(MadAddress.directedRoute(), mad, payload, label, tag);
    }

    /** A LID-routed request to {@code lid}; {@code payload} and {@code tag} as for {@link #dr}. */
    SmpExchange.Outcome lid(Method method, int lid, AttributeId attr, long mod, byte[] payload, String tag)
            throws IOException, InterruptedException {
        byte[] mad = Smp.lidRouted(method, exchange.nextTid(), attr, mod, 0);
        String label = "LID " + method.name() + " " + attr.name() + " lid=" + lid + " mod=0x" + Long.toHexString(mod);
        return send(MadAddress.smi(lid), mad, payload, label, tag);
    }

    private SmpExchange.Outcome send(MadAddress to, byte[] mad, byte[] payload, String label, String tag)
            throws IOException, InterruptedException {
        if (payload != null) {
            System.arraycopy(payload, 0, mad, Smp.DATA_OFFSET, Smp.DATA_SIZE);
        }
        count++;
        SmpExchange.Outcome o = exchange.exchange(to, mad);
        out.accept(label + (tag == null ? "" : " case=" + tag) + ARROW + AnswerText.of(o));
        for (byte[] u : exchange.drainUnsolicited()) {
            out.accept("UNSOLICITED" + ARROW + AnswerText.unsolicited(u));
        }
        return o;
    }
}
