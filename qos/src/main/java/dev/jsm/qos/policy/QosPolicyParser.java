package dev.jsm.qos.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Parses QoS policy files ({@code qos-policy.conf}, OpenSM's {@code -Y}/{@code qos_policy_file}): the advanced
 * syntax ({@code port-groups}, {@code qos-setup}, {@code qos-levels}, {@code qos-match-rules}) and the simple
 * {@code qos-ulps} syntax, in any order and combination. The first problem rejects the whole file with a
 * {@link QosPolicyException} saying {@code file:line:column}, what was expected and what was found.
 *
 * <p>Differences from OpenSM's flex/bison parser, all on the side of clearer errors: keywords must start their line
 * (as its documentation requires); a repeated group, level or {@code default} is an error; SL, packet life and QoS
 * class are range-checked; quotes are removed from strings but do not join list items; blanks inside names are
 * kept (names still compare without blanks and case). Port groups are resolved against the fabric at
 * {@link QosPolicy#bind} time instead of at parse time, so IPoIB P_Keys are not checked against partitions here.
 *
 * <p>Stateless; safe to share.
 */
public final class QosPolicyParser {

    private QosPolicyParser() {
    }

    /**
     * Parses policy text.
     *
     * @param source the name to use in messages (normally the file name)
     * @param text the file's contents
     * @return the checked policy
     * @throws QosPolicyException at the first problem
     */
    public static QosPolicy parse(String source, String text) throws QosPolicyException {
        PolicyBlock root = new PolicyReader(source).read(text);
        String[] lines = text.split("\n", -1);
        return new PolicyBuilder(source).build(root, lines.length, lines[lines.length - 1].length() + 1);
    }

    /** The file's text as UTF-8; malformed bytes become U+FFFD (and then fail where they are not allowed). */
    static String readText(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                Reader r = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE))) {
            StringBuilder sb = new StringBuilder();
            char[] buf = new char[8192];
            for (int n = r.read(buf); n >= 0; n = r.read(buf)) {
                sb.append(buf, 0, n);
            }
            return sb.toString();
        }
    }
}
