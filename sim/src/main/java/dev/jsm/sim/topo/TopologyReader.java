package dev.jsm.sim.topo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a fabric in ibsim's {@code net} format, which also accepts {@code ibnetdiscover} output as is.
 *
 * <p>Thread-safe: each call reads with its own private state.
 *
 * <p>In detail: docs/design/sim.md#topologyreader.
 */
public final class TopologyReader {

    private static final Set<String> PORT_OPTIONS = Set.of("w", "s", "e", "width", "speed");

    /** GUID counters start here (index: {@link #counter}), as ibsim's absguids: CA, switch, router. */
    private static final long[] DEFAULT_GUID_BASE = {0x100000L, 0x200000L, 0L};

    private final long[] guidBase = DEFAULT_GUID_BASE.clone();
    private final long[] guidNext = DEFAULT_GUID_BASE.clone();
    private final List<NodeDraft> drafts = new ArrayList<>();
    private final Map<String, Integer> byName = new HashMap<>();
    private final Map<Long, Integer> byGuid = new HashMap<>();
    private final PortEntries entries = new PortEntries();
    private long pendingSysImageGuid;
    private boolean hasPendingSysImageGuid;
    private long pendingSwitchPortGuid;
    private boolean hasPendingSwitchPortGuid;
    private int pendingVendorId;
    private int stickyDeviceId;
    /** Index of the node whose port lines may follow, or -1. */
    private int current = -1;
    /** The {@code # jsm-virt} line for every CA, or null. */
    private VPortDirective allCas;
    /** The {@code # jsm-virt "name"} lines by name. */
    private final Map<String, VPortDirective> perCa = new LinkedHashMap<>();
    /** Widths and speeds of port lines. */
    private final PortOptions.Builder portOptions = PortOptions.builder();
    /** The {@code # jsm-alias} lines, in file order. */
    private final List<AliasDirective> aliases = new ArrayList<>();

    private TopologyReader() {
    }

    /** Reads {@code file} (UTF-8); errors name the file as {@code file.toString()}. */
    public static Topology read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in, file.toString());
        }
    }

    /** Reads {@code text}, e.g. a text block in a test; errors name it {@code sourceName}. */
    public static Topology parse(String text, String sourceName) throws TopologyParseException {
        try {
            return read(new StringReader(text), sourceName);
        } catch (TopologyParseException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader does not fail", e);
        }
    }

    /** Reads from {@code in} (not closed); errors name it {@code sourceName}. */
    public static Topology read(Reader in, String sourceName) throws IOException {
        TopologyReader r = new TopologyReader();
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        int lineNo = 0;
        for (String s = lines.readLine(); s != null; s = lines.readLine()) {
            r.parseLine(new NetLineCursor(sourceName, ++lineNo, s));
        }
        if (r.drafts.isEmpty()) {
            throw new TopologyParseException(sourceName, Math.max(lineNo, 1),
                    "expected at least one node (a Switch, Hca, Ca or Rt line), found none");
        }
        Topology t = r.entries.build(sourceName, r.drafts, r.byName).withPortOptions(r.portOptions.build());
        return r.withAliases(r.withVPorts(t, sourceName), sourceName);
    }

    /** Applies the {@code # jsm-alias} lines one by one, so that a GUID already taken is blamed on its line. */
    private Topology withAliases(Topology t, String sourceName) throws TopologyParseException {
        Topology out = t;
        for (AliasDirective a : aliases) {
            Integer n = byName.get(a.node());
            if (n == null || out.node(n).kind() == NodeKind.SWITCH || a.port() > out.node(n).numPorts()) {
                throw new TopologyParseException(sourceName, a.line(), "expected a port of a CA or router defined in"
                        + " the file after '# " + AliasDirective.KEYWORD + "', found \"" + a.node() + "\"["
                        + a.port() + "]");
            }
            try {
                out = out.withPortOptions(out.portOptions().toBuilder().aliasGuids(n, a.port(), a.guids()).build());
            } catch (IllegalArgumentException e) {
                throw new TopologyParseException(sourceName, a.line(), e.getMessage());
            }
        }
        return out;
    }

    /** Applies the {@code # jsm-virt} lines: the one for every CA, then those for one CA. */
    private Topology withVPorts(Topology t, String sourceName) throws TopologyParseException {
        VPortDirective at = allCas;
        try {
            Topology out = allCas == null ? t : t.withVPorts(allCas.spec());
            for (VPortDirective d : perCa.values()) {
                at = d;
                Integer n = byName.get(d.node());
                if (n == null || out.node(n).kind() != NodeKind.CA) {
                    throw new TopologyParseException(sourceName, d.line(), "expected the name of a CA defined in"
                            + " the file after '# " + VPortDirective.KEYWORD + "', found \"" + d.node() + "\"");
                }
                out = out.withVPorts(n, d.spec());
            }
            return out;
        } catch (IllegalArgumentException e) {
            throw new TopologyParseException(sourceName, at.line(), e.getMessage());
        }
    }

    private void directive(NetLineCursor c) throws TopologyParseException {
        AliasDirective alias = AliasDirective.parse(c.comment(), c);
        if (alias != null) {
            aliases.add(alias);
            return;
        }
        VPortDirective d = VPortDirective.parse(c.comment(), c);
        if (d == null) {
            return;
        }
        VPortDirective earlier = d.node() == null ? allCas : perCa.get(d.node());
        if (earlier != null) {
            throw c.fail("expected one '# " + VPortDirective.KEYWORD + "' line for "
                    + (d.node() == null ? "every CA" : "\"" + d.node() + "\"") + ", found a second (first at line "
                    + earlier.line() + ")");
        }
        if (d.node() == null) {
            allCas = d;
        } else {
            perCa.put(d.node(), d);
        }
    }

    private void parseLine(NetLineCursor c) throws TopologyParseException {
        if (c.peek('[')) {
            if (current < 0) {
                throw c.fail("expected a port line right after a node header or another port line, found a port line"
                        + " outside a node record");
            }
            parsePort(c, drafts.get(current));
            return;
        }
        if (c.isCommentLine()) {
            directive(c);
            return; // a comment line keeps the current record open, as in ibsim
        }
        current = -1;
        boolean indented = c.skipSpaces();
        if (c.atEnd()) {
            return;
        }
        if (indented) {
            throw c.error("a keyword at the start of the line");
        }
        if (c.peek('@')) {
            throw c.error("a port line or keyword (ibsim's '@' aliases are not supported)");
        }
        String keyword = c.word();
        switch (keyword) {
            case "Switch" -> parseNode(c, NodeKind.SWITCH, keyword);
            case "Hca", "Ca" -> parseNode(c, NodeKind.CA, keyword);
            case "Rt" -> parseNode(c, NodeKind.ROUTER, keyword);
            case "switchguid" -> parseGuidBase(c, NodeKind.SWITCH, keyword);
            case "caguid", "hcaguids" -> parseGuidBase(c, NodeKind.CA, keyword);
            case "rtguid" -> parseGuidBase(c, NodeKind.ROUTER, keyword);
            case "sysimgguid" -> {
                assignment(c, keyword);
                pendingSysImageGuid = c.number("a GUID (0x and 1 to 16 hex digits)");
                hasPendingSysImageGuid = true;
                c.expectEnd("end of line after the GUID");
            }
            case "vendid" -> pendingVendorId = (int) intAssignment(c, keyword, 0xFFFFFF, "a vendor id 0..0xffffff");
            case "devid" -> stickyDeviceId = (int) intAssignment(c, keyword, 0xFFFF, "a device id 0..0xffff");
            case "width" -> checkRange(c, intAssignment(c, keyword, Long.MAX_VALUE, "a link width"), 1, 31);
            case "speed" -> checkRange(c, intAssignment(c, keyword, Long.MAX_VALUE, "a link speed"), 1, 7);
            case "extspeed" -> checkRange(c, intAssignment(c, keyword, Long.MAX_VALUE, "an extended speed"), 0, 15);
            case "Chassis", "Hostname" -> { } // ibnetdiscover -g grouping lines: informational only
            case "include", "do", "module", "pdebug" ->
                throw c.fail("expected a node or GUID line, found ibsim's '" + keyword + "' extension (not supported)");
            default -> {
                String expected = "a node header (Switch, Hca, Ca, Rt) or an assignment (switchguid=, caguid=, "
                        + "rtguid=, sysimgguid=, vendid=, devid=)";
                throw keyword.isEmpty() ? c.error(expected) : c.fail("expected " + expected + ", found '" + keyword
                        + "'");
            }
        }
    }

    private void parseNode(NetLineCursor c, NodeKind kind, String keyword) throws TopologyParseException {
        if (!c.skipSpaces()) {
            throw c.error("a port count after '" + keyword + "'");
        }
        int numPorts = c.decimal("a port count 1..254", 1, 254);
        c.skipSpaces();
        String name = c.quoted("the node's quoted name");
        if (name.isEmpty() || name.indexOf('#') >= 0 || name.indexOf('@') >= 0) {
            throw c.fail("expected a node name without '#' or '@' (ibsim reserves them), found \"" + name + "\"");
        }
        c.expectEnd("'#' or end of line after the node name");
        Integer dup = byName.get(name);
        if (dup != null) {
            throw c.fail("expected a new node name, found \"" + name + "\" already defined at line "
                    + drafts.get(dup).line);
        }
        int k = counter(kind);
        long guid = guidNext[k];
        Integer owner = byGuid.get(guid);
        if (owner != null) {
            throw c.fail(String.format("expected a unique node GUID, found 0x%016x already used by \"%s\" (line %d)",
                    guid, drafts.get(owner).name, drafts.get(owner).line));
        }
        guidNext[k] += kind == NodeKind.SWITCH ? 1 : numPorts + 1;
        long switchPortGuid = kind == NodeKind.SWITCH && hasPendingSwitchPortGuid ? pendingSwitchPortGuid : guid;
        long sysImage = hasPendingSysImageGuid ? pendingSysImageGuid : guid;
        NodeDraft d = new NodeDraft(kind, name, description(c.comment(), name), guid, switchPortGuid, sysImage,
                numPorts, pendingVendorId, stickyDeviceId, c.lineNo());
        current = drafts.size();
        drafts.add(d);
        byName.put(name, current);
        byGuid.put(guid, current);
        hasPendingSysImageGuid = false;
        pendingVendorId = 0;
        if (kind == NodeKind.SWITCH) {
            hasPendingSwitchPortGuid = false;
        }
    }

    private void parsePort(NetLineCursor c, NodeDraft d) throws TopologyParseException {
        c.expect('[', "'['");
        int port = c.decimal("a port number 1.." + d.numPorts + " " + d.portCount(), 1, d.numPorts);
        c.expect(']', "']' after the port number");
        skipExt(c);
        c.skipSpaces();
        if (c.tryConsume('(')) {
            long guid = c.hex("a port GUID in hex", 0);
            c.expect(')', "')' after the port GUID");
            if (d.kind == NodeKind.SWITCH && guid != d.portGuids[0]) {
                throw c.fail(String.format("expected the switch's port GUID 0x%016x (all its ports share it),"
                        + " found 0x%016x", d.portGuids[0], guid));
            }
            d.portGuids[d.kind == NodeKind.SWITCH ? 0 : port] = guid;
            c.skipSpaces();
        }
        String peer = c.quoted("the peer's quoted name");
        int peerPort = 1;
        if (c.tryConsume('[')) {
            peerPort = c.decimal("a peer port number 1..254", 1, 254);
            c.expect(']', "']' after the peer port number");
        }
        skipExt(c);
        c.skipSpaces();
        boolean hasGuid = c.tryConsume('(');
        long peerGuid = 0;
        if (hasGuid) {
            peerGuid = c.hex("the peer's port GUID in hex", 0);
            c.expect(')', "')' after the peer's port GUID");
        }
        parsePortOptions(c, port);
        int first = d.entryAt[port];
        if (first >= 0) {
            throw c.fail("expected each port of \"" + d.name + "\" once, found port " + port + " again (first at line "
                    + entries.line(first) + ")");
        }
        d.entryAt[port] = entries.add(current, port, peer, peerPort, hasGuid, peerGuid, c.lineNo());
    }

    /**
     * The options after a port line's peer: ibsim's enable masks {@code w=}, {@code s=}, {@code e=} (the port gets the
     * widest width and fastest speed they enable) and jsm's {@code width=} and {@code speed=}, which ibsim ignores.
     */
    private void parsePortOptions(NetLineCursor c, int port) throws TopologyParseException {
        LinkWidth width = null;
        int legacy = 0;
        int extended = 0;
        LinkSpeed speed = null;
        while (!c.atEnd()) {
            int mark = c.mark();
            String opt = c.word();
            if (!PORT_OPTIONS.contains(opt) || !c.tryConsume('=')) {
                c.reset(mark);
                throw c.error("a port option (w=, s=, e=, width=, speed=) or '#'");
            }
            switch (opt) {
                case "w" -> width = LinkWidth.widestIn((int) rangedNumber(c, "a link width mask 1..31", 1, 31));
                case "s" -> legacy = (int) rangedNumber(c, "a link speed mask 1..7", 1, 7);
                case "e" -> extended = (int) rangedNumber(c, "an extended link speed mask 0..15", 0, 15);
                case "width" -> width = named(c, LinkWidth::of);
                default -> speed = named(c, LinkSpeed::of);
            }
        }
        if (speed == null && (legacy != 0 || extended != 0)) {
            speed = extended >= 8 ? LinkSpeed.NDR : extended >= 4 ? LinkSpeed.HDR : extended >= 2 ? LinkSpeed.EDR
                    : extended == 1 ? LinkSpeed.FDR : legacy >= 4 ? LinkSpeed.QDR : legacy >= 2 ? LinkSpeed.DDR
                    : LinkSpeed.SDR;
        }
        if (width != null) {
            portOptions.width(current, port, width);
        }
        if (speed != null) {
            portOptions.speed(current, port, speed);
        }
    }

    private static long rangedNumber(NetLineCursor c, String what, int min, int max) throws TopologyParseException {
        long v = c.number(what);
        if (v < min || v > max) {
            throw c.fail("expected " + what + ", found " + v);
        }
        return v;
    }

    private static <T> T named(NetLineCursor c, Function<String, T> of)
            throws TopologyParseException {
        String word = c.token();
        try {
            return of.apply(word);
        } catch (IllegalArgumentException e) {
            throw c.fail(e.getMessage());
        }
    }

    private void parseGuidBase(NetLineCursor c, NodeKind kind, String keyword) throws TopologyParseException {
        c.skipSpaces();
        boolean relative = c.tryConsume('+');
        if (!relative && !c.tryConsume('=')) {
            throw c.error("'=' or '+' after '" + keyword + "'");
        }
        c.skipSpaces();
        long value = c.number("a GUID (0x and 1 to 16 hex digits)");
        int k = counter(kind);
        if (!relative) {
            guidBase[k] = value;
        }
        guidNext[k] = relative ? guidBase[k] + value : value;
        if (kind == NodeKind.SWITCH && c.tryConsume('(')) {
            pendingSwitchPortGuid = c.hex("the switch port GUID in hex", 0);
            hasPendingSwitchPortGuid = true;
            c.expect(')', "')' after the switch port GUID");
        }
        c.expectEnd("end of line after the GUID");
    }

    /** Index of the GUID counter of {@code kind} in {@link #DEFAULT_GUID_BASE}. */
    private static int counter(NodeKind kind) {
        return switch (kind) {
            case CA -> 0;
            case SWITCH -> 1;
            case ROUTER -> 2;
        };
    }

    private static void assignment(NetLineCursor c, String keyword) throws TopologyParseException {
        c.skipSpaces();
        c.expect('=', "'=' after '" + keyword + "'");
        c.skipSpaces();
    }

    private static long intAssignment(NetLineCursor c, String keyword, long max, String what)
            throws TopologyParseException {
        assignment(c, keyword);
        long v = c.number(what);
        if (Long.compareUnsigned(v, max) > 0) {
            throw c.fail("expected " + what + ", found " + Long.toUnsignedString(v));
        }
        c.expectEnd("end of line after the value");
        return v;
    }

    private static void checkRange(NetLineCursor c, long v, int min, int max) throws TopologyParseException {
        if (v < min || v > max) {
            throw c.fail("expected a value " + min + ".." + max + ", found " + v);
        }
    }

    /** Skips ibnetdiscover's {@code [ext N]} external port mark. */
    private static void skipExt(NetLineCursor c) throws TopologyParseException {
        if (c.peek("[ext ")) {
            c.expect('[', "'['");
            c.word();
            c.skipSpaces();
            c.decimal("an external port number", 0, 255);
            c.expect(']', "']' after the external port number");
        }
    }

    /**
     * The NodeDescription in a header comment, as ibsim takes it: a quoted string, or the text up to
     * " enhanced port ", " base port ", " lid " or " lmc "; the name when there is no comment.
     */
    private static String description(String comment, String name) {
        if (comment == null) {
            return name;
        }
        String s = comment.strip();
        if (s.startsWith("\"")) {
            int close = s.indexOf('"', 1);
            s = close < 0 ? s.substring(1) : s.substring(1, close);
        } else {
            for (String stop : new String[] {" enhanced port ", " base port ", " lid ", " lmc "}) {
                int i = s.indexOf(stop);
                if (i >= 0) {
                    s = s.substring(0, i);
                }
            }
        }
        return s.isEmpty() ? name : s;
    }
}
