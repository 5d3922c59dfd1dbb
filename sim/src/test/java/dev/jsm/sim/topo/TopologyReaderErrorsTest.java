package dev.jsm.sim.topo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of malformed input gives one {@code file:line: expected X, found Y} message. */
class TopologyReaderErrorsTest {

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("unknown keyword", "Switch 8 \"a\"\n\nSwtch 8 \"b\"\n",
                        "bad.net:3: expected a node header (Switch, Hca, Ca, Rt) or an assignment (switchguid=, "
                                + "caguid=, rtguid=, sysimgguid=, vendid=, devid=), found 'Swtch'"),
                Arguments.of("line starting with a digit", "8 \"a\"\n",
                        "bad.net:1: expected a node header (Switch, Hca, Ca, Rt) or an assignment (switchguid=, "
                                + "caguid=, rtguid=, sysimgguid=, vendid=, devid=), found '8'"),
                Arguments.of("bad port number", "Switch 8 \"a\"\n[x] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found 'x]'"),
                Arguments.of("port beyond the node's port count", "Switch 8 \"a\"\n[9] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found 9"),
                Arguments.of("port of ten digits", "Switch 8 \"a\"\n[9999999999] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found 9999999999"),
                Arguments.of("port of eleven digits", "Switch 8 \"a\"\n[99999999999] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found '99999999999]'"),
                Arguments.of("port with a sign", "Switch 8 \"a\"\n[+1] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found '+1]'"),
                Arguments.of("hex port", "Switch 8 \"a\"\n[0x1] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..8 (\"a\" has 8 ports), found '0x1]'"),
                Arguments.of("port 0", "Hca 1 \"a\"\n[0] \"b\"[1]\n",
                        "bad.net:2: expected a port number 1..1 (\"a\" has 1 port), found 0"),
                Arguments.of("peer port beyond the peer's port count",
                        "Switch 8 \"s\"\n[1] \"h\"[2]\nHca 1 \"h\"\n",
                        "bad.net:2: expected a peer port 1..1 (\"h\" has 1 port), found 2"),
                Arguments.of("peer that does not exist", "Switch 8 \"a\"\n[1] \"nosuch\"[1]\n",
                        "bad.net:2: expected a peer node defined in the file, found \"nosuch\" (no node has that "
                                + "name)"),
                Arguments.of("port cabled twice", "Hca 1 \"a\"\n[1] \"s\"[1]\nHca 1 \"b\"\n[1] \"s\"[1]\n"
                                + "Switch 4 \"s\"\n",
                        "bad.net:4: expected \"s\"[1] to be cabled once, found it also cabled to \"a\"[1] at line 2"),
                Arguments.of("port listed twice", "Switch 4 \"s\"\n[1] \"a\"[1]\n[1] \"b\"[1]\n",
                        "bad.net:3: expected each port of \"s\" once, found port 1 again (first at line 2)"),
                Arguments.of("inconsistent link sides",
                        "Switch 4 \"s\"\n[1] \"a\"[1]\nHca 1 \"a\"\n[1] \"s\"[2]\n",
                        "bad.net:2: expected \"a\"[1] to be cabled back to \"s\"[1], found it cabled to \"s\"[2] at "
                                + "line 4"),
                Arguments.of("bad GUID hex", "switchguid=0xZZ\nSwitch 4 \"s\"\n",
                        "bad.net:1: expected a GUID (0x and 1 to 16 hex digits), found '0xZZ'"),
                Arguments.of("GUID too long", "caguid=0x12345678901234567\n",
                        "bad.net:1: expected a GUID (0x and 1 to 16 hex digits), found '0x12345678901234567'"),
                Arguments.of("bad port GUID hex", "Ca 1 \"c\"\n[1](xyz) \"s\"[1]\n",
                        "bad.net:2: expected a port GUID in hex, found 'xyz)'"),
                Arguments.of("port GUID that disagrees with the peer's",
                        "caguid=0x100\nCa 1 \"c\"\n[1] \"s\"[1]\nSwitch 4 \"s\"\n[1] \"c\"[1](102)\n",
                        "bad.net:5: expected port GUID 0x0000000000000101 (that of \"c\"[1]), found "
                                + "0x0000000000000102"),
                Arguments.of("missing assignment sign", "caguid 0x100\n",
                        "bad.net:1: expected '=' or '+' after 'caguid', found '0x100'"),
                Arguments.of("port line outside a record", "Switch 4 \"s\"\n\n[1] \"s\"[2]\n",
                        "bad.net:3: expected a port line right after a node header or another port line, found a "
                                + "port line outside a node record"),
                Arguments.of("bad port count", "Switch 255 \"s\"\n",
                        "bad.net:1: expected a port count 1..254, found 255"),
                Arguments.of("missing node name", "Switch 8 s\n",
                        "bad.net:1: expected the node's quoted name, found 's'"),
                Arguments.of("unterminated name", "Switch 8 \"s\n",
                        "bad.net:1: expected the node's quoted name (closing '\"' missing), found '\"s'"),
                Arguments.of("text after the name", "Switch 8 \"s\" junk\n",
                        "bad.net:1: expected '#' or end of line after the node name, found 'junk'"),
                Arguments.of("duplicate node name", "Switch 8 \"s\"\nSwitch 8 \"s\"\n",
                        "bad.net:2: expected a new node name, found \"s\" already defined at line 1"),
                Arguments.of("duplicate node GUID", "caguid=0x10\nCa 1 \"a\"\ncaguid=0x10\nCa 1 \"b\"\n",
                        "bad.net:4: expected a unique node GUID, found 0x0000000000000010 already used by \"a\" "
                                + "(line 2)"),
                Arguments.of("reserved character in a name", "Switch 8 \"a@b\"\n",
                        "bad.net:1: expected a node name without '#' or '@' (ibsim reserves them), found \"a@b\""),
                Arguments.of("cable to itself", "Switch 8 \"s\"\n[1] \"s\"[1]\n",
                        "bad.net:2: expected a cable between two ports, found \"s\"[1] cabled to itself"),
                Arguments.of("bad port option", "Switch 8 \"s\"\n[1] \"h\"[1] x=1\nHca 1 \"h\"\n",
                        "bad.net:2: expected a port option (w=, s=, e=, width=, speed=) or '#', found 'x=1'"),
                Arguments.of("unknown speed", "Switch 8 \"s\"\n[1] \"h\"[1] speed=zdr\nHca 1 \"h\"\n",
                        "bad.net:2: expected a link speed (sdr, ddr, qdr, fdr10, fdr, edr, hdr, ndr, xdr), found"
                                + " 'zdr'"),
                Arguments.of("unknown width", "Switch 8 \"s\"\n[1] \"h\"[1] width=3x\nHca 1 \"h\"\n",
                        "bad.net:2: expected a link width (1x, 2x, 4x, 8x, 12x), found '3x'"),
                Arguments.of("extended speed mask out of range", "Switch 8 \"s\"\n[1] \"h\"[1] e=16\nHca 1 \"h\"\n",
                        "bad.net:2: expected an extended link speed mask 0..15, found 16"),
                Arguments.of("alias without a name", "# jsm-alias 0x10\nHca 1 \"h\"\n",
                        "bad.net:1: expected a quoted node name after '# jsm-alias', found '0x10'"),
                Arguments.of("alias GUID not hex", "# jsm-alias \"h\" 16\nHca 1 \"h\"\n",
                        "bad.net:1: expected an alias GUID (0x and 1 to 16 hex digits), found '16'"),
                Arguments.of("alias of a switch", "Switch 8 \"s\"\n# jsm-alias \"s\"[1] 0x77\n",
                        "bad.net:2: expected a port of a CA or router defined in the file after '# jsm-alias', found"
                                + " \"s\"[1]"),
                Arguments.of("alias GUID taken", "# jsm-alias \"h\" 0x100001\nHca 1 \"h\"\n",
                        "bad.net:1: CA \"h\" 0x0000000000100000 (1 ports) port 1: alias GUID 0x0000000000100001 is zero"
                                + " or already a GUID of the fabric"),
                Arguments.of("value out of range", "width=40\n", "bad.net:1: expected a value 1..31, found 40"),
                Arguments.of("ibsim include", "include \"other.net\"\n",
                        "bad.net:1: expected a node or GUID line, found ibsim's 'include' extension (not supported)"),
                Arguments.of("ibsim alias", "Switch 8 \"s\"\n\n@1 \"alias\"\n",
                        "bad.net:3: expected a port line or keyword (ibsim's '@' aliases are not supported), found "
                                + "'@1'"),
                Arguments.of("indented line", "  Switch 8 \"s\"\n",
                        "bad.net:1: expected a keyword at the start of the line, found 'Switch'"),
                Arguments.of("no nodes at all", "# only a comment\n\n",
                        "bad.net:2: expected at least one node (a Switch, Hca, Ca or Rt line), found none"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedInputGivesFileLineExpectedFound(String what, String text, String message) {
        TopologyParseException e = catchThrowableOfType(TopologyParseException.class,
                () -> TopologyReader.parse(text, "bad.net"));

        assertThat(e).as(what).isNotNull();
        assertThat(e.getMessage()).isEqualTo(message);
        assertThat(e.getMessage()).doesNotContain("\n");
        assertThat(e.source()).isEqualTo("bad.net");
        assertThat(e.getMessage()).startsWith("bad.net:" + e.line() + ": " + e.detail().substring(0, 5));
    }
}
