package dev.jsm.partitions;

import dev.jsm.text.CNumber;
import java.util.OptionalLong;

/**
 * Reads one multicast group flag ({@code rate=}, {@code mtu=}, {@code sl=}, {@code scope=}, {@code Q_Key=},
 * {@code TClass=}, {@code FlowLabel=}) of a partition definition or an {@code mgid=} line.
 *
 * <p>Names match as in OpenSM: the word written may be any prefix of the flag name, tried in the order mtu, rate,
 * scope, Q_Key, TClass, sl, FlowLabel (so {@code s} is scope). The spellings {@code qkey} and {@code tclass} of the
 * NVIDIA documentation are accepted too. Unlike OpenSM, which skips a bad value with a warning, a missing, malformed
 * or out-of-range value is an error: the SM would otherwise create a group other than the one the file describes.
 *
 * <p>Stateless; thread-safe.
 */
final class GroupFlagParser {

    private GroupFlagParser() {
    }

    /**
     * Applies the flag {@code name=value} to {@code flags}.
     *
     * @param value the value token, or {@code null} when no {@code =} was written
     * @return the new flags, or {@code null} if {@code name} is not a group flag
     * @throws PartitionsParseException if the value is missing, not a number or out of range
     */
    static GroupFlags apply(GroupFlags flags, Token name, Token value, Diagnostics diag)
            throws PartitionsParseException {
        String w = name.text();
        if (w.isEmpty()) {
            return null;
        }
        if ("mtu".startsWith(w)) {
            return flags.withMtu((int) number(name, value, "mtu", 1, 5, "an IBA MTU code 1-5 (256-4096 bytes)", diag));
        }
        if ("rate".startsWith(w)) {
            return flags.withRate((int) number(name, value, "rate", 2, 63, "an IBA rate code 2-63", diag));
        }
        if ("scope".startsWith(w)) {
            return flags.withScope((int) number(name, value, "scope", 1, 15, "a multicast scope 1-15", diag));
        }
        if ("Q_Key".startsWith(w) || w.equals("qkey")) {
            return flags.withQKey(number(name, value, "Q_Key", 0, 0xFFFF_FFFFL, "a 32-bit Q_Key", diag));
        }
        if ("TClass".startsWith(w) || w.equals("tclass")) {
            return flags.withTClass((int) number(name, value, "TClass", 0, 255, "a traffic class 0-255", diag));
        }
        if ("sl".startsWith(w)) {
            return flags.withSl((int) number(name, value, "sl", 0, 15, "a service level 0-15", diag));
        }
        if ("FlowLabel".startsWith(w)) {
            return flags.withFlowLabel((int) number(name, value, "FlowLabel", 0, 0xFFFFF, "a 20-bit flow label",
                    diag));
        }
        return null;
    }

    private static long number(Token name, Token value, String flag, long min, long max, String what,
                               Diagnostics diag) throws PartitionsParseException {
        if (value == null) {
            throw diag.error(name, "expected " + flag + "=<" + what + ">, found no '=' after '" + name.text() + "'");
        }
        if (value.isEmpty()) {
            throw diag.error(value, "expected " + what + " after '" + flag + "='");
        }
        OptionalLong v = CNumber.tryParseUnsigned(value.text(), max);
        if (v.isEmpty() || v.getAsLong() < min) {
            throw diag.error(value, "expected " + what + " after '" + flag + "=', found "
                    + Diagnostics.quote(value.text()));
        }
        return v.getAsLong();
    }
}
