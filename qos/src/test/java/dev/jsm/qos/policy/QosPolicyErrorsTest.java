package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every error names file, line and column, and says what was expected and what was found. */
class QosPolicyErrorsTest {

    /** Per malformed policy: what is wrong, the policy ({@code \\n} for a line end), line, column, message. */
    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("unknown section", "qos-level\\n", 1, 1, "expected 'port-groups', 'qos-setup', "
                        + "'qos-levels', 'qos-match-rules', 'qos-ulps', found 'qos-level'"),
                Arguments.of("unknown field", "port-groups\\n port-group\\n  nam: x\\n", 3, 3,
                        "expected 'name:', 'use:', 'port-guid:', 'port-name:', 'pkey:', 'partition:', "
                        + "'node-type:' or 'end-port-group', found 'nam'"),
                Arguments.of("missing colon", "qos-levels\\n qos-level\\n  sl 3\\n", 3, 6,
                        "expected ':' after 'sl', found '3'"),
                Arguments.of("bad number", "qos-levels\\n qos-level\\n  sl: x1\\n", 3, 7,
                        "expected a number for 'sl' (decimal, 0x hex or 0 octal number), found 'x1'"),
                Arguments.of("octal digit 8", "qos-levels\\n qos-level\\n  sl: 08\\n", 3, 7,
                        "expected a number for 'sl' (decimal, 0x hex or 0 octal number), found '08'"),
                Arguments.of("64-bit overflow", "qos-ulps\\n any, service-id 0x10000000000000000 : 1\\n", 2, 18,
                        "expected a number or range for 'service-id' (decimal, 0x hex or 0 octal number), found "
                        + "'0x10000000000000000'"),
                Arguments.of("text after value", "qos-levels\\n qos-level\\n  sl: 1 2\\n", 3, 9,
                        "expected end of line after the value of 'sl', found '2'"),
                Arguments.of("text after block keyword", "qos-levels now\\n", 1, 12, "expected end of line after "
                        + "'qos-levels', found 'now'"),
                Arguments.of("sl out of range", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 16\\n "
                        + "end-qos-level\\nend-qos-levels\\n", 4, 7, "expected an SL (0-15), found 16"),
                Arguments.of("mtu out of range", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n  "
                        + "mtu-limit: 6\\n end-qos-level\\nend-qos-levels\\n", 5, 14,
                        "expected an MTU code (1-5), found 6"),
                Arguments.of("rate out of range", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n  "
                        + "rate-limit: 1\\n end-qos-level\\nend-qos-levels\\n", 5, 15,
                        "expected a rate code (2-24), found 1"),
                Arguments.of("pkey out of range", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n  pkey: "
                        + "0x10000\\n end-qos-level\\nend-qos-levels\\n", 5, 9, "expected a P_Key 0-0xffff, found "
                        + "0x10000"),
                Arguments.of("level without sl", "qos-levels\\n qos-level\\n  name: DEFAULT\\n end-qos-level\\n"
                        + "end-qos-levels\\n", 2, 2, "expected 'sl:' in this qos-level, found none before "
                        + "'end-qos-level'"),
                Arguments.of("sl given twice", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n  sl: 2\\n "
                        + "end-qos-level\\nend-qos-levels\\n", 5, 3, "expected one 'sl' in this qos-level, found "
                        + "a second one (first at line 4)"),
                Arguments.of("duplicate level name", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n "
                        + "end-qos-level\\n qos-level\\n  name: default\\n  sl: 2\\n end-qos-level\\n"
                        + "end-qos-levels\\n", 7, 9, "expected a new qos-level name, found 'default' again (first "
                        + "at line 3)"),
                Arguments.of("no default level", "qos-levels\\n qos-level\\n  name: Fast\\n  sl: 1\\n "
                        + "end-qos-level\\nend-qos-levels", 6, 15, "expected a qos-level named DEFAULT (or "
                        + "'default : <sl>' in qos-ulps), found end of file without one"),
                Arguments.of("unclosed block", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 1\\n", 5, 1,
                        "expected 'end-qos-level' (for 'qos-level' at line 2), found end of file"),
                Arguments.of("wrong end keyword", "qos-levels\\n qos-level\\n end-qos-levels\\n", 3, 2,
                        "expected 'name:', 'use:', 'sl:', 'mtu-limit:', 'rate-limit:', 'packet-life:', "
                        + "'path-bits:', 'pkey:' or 'end-qos-level', found 'end-qos-levels'"),
                Arguments.of("unterminated quote", "port-groups\\n port-group\\n  name: \"Storage\\n", 3, 9,
                        "expected a closing quote, found end of line"),
                Arguments.of("bad port name", "port-groups\\n port-group\\n  name: S\\n  port-name: hostA/1\\n "
                        + "end-port-group\\nend-port-groups\\n", 4, 14, "expected a port name 'node "
                        + "description/P<port 1-254>', found 'hostA/1'"),
                Arguments.of("bad node type", "port-groups\\n port-group\\n  name: S\\n  node-type: CA, HOST\\n", 4, 18,
                        "expected a node type (CA, SWITCH, ROUTER, ALL or SELF), found 'host'"),
                Arguments.of("empty list item", "port-groups\\n port-group\\n  name: S\\n  partition: a,,b\\n", 4, 16,
                        "expected a value for 'partition', found ','"),
                Arguments.of("undefined level", "qos-ulps\\n default: 0\\nend-qos-ulps\\nqos-match-rules\\n "
                        + "qos-match-rule\\n  qos-level-name: Fast\\n end-qos-match-rule\\n"
                        + "end-qos-match-rules\\n", 6, 19, "expected the name of a defined qos-level, found 'Fast'"),
                Arguments.of("undefined group", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 0\\n "
                        + "end-qos-level\\nend-qos-levels\\nqos-match-rules\\n qos-match-rule\\n  source: A"
                        + "\\n  destination: B, C\\n  qos-level-name: default\\n end-qos-match-rule\\n"
                        + "end-qos-match-rules\\n", 9, 11, "expected the name of a defined port-group, found 'A'"),
                Arguments.of("rule without level", "qos-ulps\\n default: 0\\nend-qos-ulps\\nqos-match-rules\\n "
                        + "qos-match-rule\\n  use: x\\n end-qos-match-rule\\nend-qos-match-rules\\n", 5, 2,
                        "expected 'qos-level-name:' in this qos-match-rule, found none before 'end-qos-match-rule'"),
                Arguments.of("qos class out of range", "qos-match-rules\\n qos-match-rule\\n  qos-class: 7-4096\\n"
                        + "  qos-level-name: x\\n end-qos-match-rule\\nend-qos-match-rules\\n", 3, 14,
                        "expected a QoS class 0-4095, found 4096"),
                Arguments.of("unknown ulp", "qos-ulps\\n mpi : 1\\n", 2, 2, "expected a ULP (default, sdp, rds, "
                        + "iser, srp, ipoib, any) or 'end-qos-ulps', found 'mpi'"),
                Arguments.of("srp needs target guid", "qos-ulps\\n srp : 1\\n", 2, 6,
                        "expected ', target-port-guid ...' after 'srp', found ':'"),
                Arguments.of("wrong qualifier", "qos-ulps\\n sdp, pkey 1 : 1\\n", 2, 7,
                        "expected one of [port-num] after 'sdp,', found 'pkey'"),
                Arguments.of("default takes no qualifier", "qos-ulps\\n default, pkey 1 : 1\\n", 2, 11,
                        "expected ':' (no qualifier after 'default'), found 'pkey'"),
                Arguments.of("ulp sl out of range", "qos-ulps\\n any, service-id 0x6234:16\\nend-qos-ulps\\n", 2, 25,
                        "expected an SL (0-15), found 16"),
                Arguments.of("ulp missing sl", "qos-ulps\\n ipoib\\n", 2, 7, "expected ':' and the SL, found end "
                        + "of line"),
                Arguments.of("tcp port out of range", "qos-ulps\\n default: 0\\n sdp, port-num 10-70000 : 1\\n"
                        + "end-qos-ulps\\n", 3, 16, "expected a TCP port number 0-65535, found 70000"),
                Arguments.of("two defaults", "qos-ulps\\n default: 0\\n default: 1\\nend-qos-ulps\\n", 3, 2,
                        "expected one 'default' in qos-ulps, found a second one (first at line 2)"),
                Arguments.of("sl2vl table length", "qos-setup\\n sl2vl-tables\\n  sl2vl-scope\\n   group: A\\n   "
                        + "sl2vl-table: 0,1,2\\n  end-sl2vl-scope\\n end-sl2vl-tables\\nend-qos-setup\\n", 5, 4,
                        "expected 16 VLs in 'sl2vl-table', found 3"),
                Arguments.of("vlarb weight", "qos-setup\\n vlarb-tables\\n  vlarb-scope\\n   group: A\\n   "
                        + "vlarb-high: 0:256\\n  end-vlarb-scope\\n end-vlarb-tables\\nend-qos-setup\\n", 5, 16,
                        "expected VL:weight with VL 0-15 and weight 0-255, found 0:256"));
    }

    /** Per valid variant: what it shows, the policy ({@code \\r}, {@code \\n} for line-end characters). */
    static Stream<Arguments> validVariants() {
        return Stream.of(
                Arguments.of("default level only", "qos-levels\\n qos-level\\n  name: DEFAULT\\n  sl: 0\\n "
                        + "end-qos-level\\nend-qos-levels\\n"),
                Arguments.of("keywords need not be indented", "qos-ulps\\ndefault:0\\nend-qos-ulps"),
                Arguments.of("crlf line ends", "qos-ulps\\r\\n  default : 3\\r\\nend-qos-ulps\\r\\n"),
                Arguments.of("empty sections", "port-groups\\nend-port-groups\\nqos-setup\\nend-qos-setup\\n"
                        + "qos-ulps\\n default: 1\\nend-qos-ulps"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void errorsHavePositionAndExpectation(String what, String text, int line, int column, String message) {
        String policy = text.replace("\\n", "\n");
        QosPolicyException e = catchThrowableOfType(QosPolicyException.class,
                () -> QosPolicyParser.parse("qos-policy.conf", policy));

        assertThat(e).as(what).isNotNull();
        assertThat(e.problem()).as(what).isEqualTo(message);
        assertThat(e.getMessage()).as(what).isEqualTo("qos-policy.conf:" + line + ":" + column + ": " + message);
        assertThat(e.line()).as(what).isEqualTo(line);
        assertThat(e.column()).as(what).isEqualTo(column);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validVariants")
    void acceptsValidVariants(String what, String text) throws QosPolicyException {
        assertThat(QosPolicyParser.parse("p", text.replace("\\r", "\r").replace("\\n", "\n")).defaultLevel())
                .as(what).isNotNull();
    }
}
