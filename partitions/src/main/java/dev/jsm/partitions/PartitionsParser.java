package dev.jsm.partitions;

import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The hand-written reader of OpenSM's partitions.conf. It follows OpenSM's line-oriented reading: {@code #} starts a
 * comment; a statement's definition ({@code [Name][=PKey][,flag[=value]]...}) and its {@code :} sit on one line; the
 * port list may continue over further lines until {@code ;}; items are separated by {@code ,} or line ends; an
 * {@code mgid=} item takes the rest of its line (up to {@code ;}) as its flags; keywords match by prefix.
 *
 * <p>Confined to one thread; use once.
 *
 * <p>In detail: docs/design/partitions.md#partitionsparser.
 */
final class PartitionsParser {

    private static final int DEFAULT_PKEY = 0x7FFF;

    private final Diagnostics diag;
    private final List<PartitionStatement> statements = new ArrayList<>();
    private final Map<String, Integer> pkeyByName = new HashMap<>();
    private final boolean[] pkeyUsed = new boolean[0x8000];
    private int pkeyCounter;
    private Draft draft;

    private PartitionsParser(String source, PartitionStatement prelude) {
        this.diag = new Diagnostics(source);
        statements.add(prelude);
        pkeyByName.put(prelude.name(), prelude.pkey());
        pkeyUsed[prelude.pkey()] = true;
    }

    /**
     * Parses {@code text}; {@code prelude} is the built-in default-partition rule the file's statements apply on top
     * of.
     */
    static PartitionConfig parse(String text, String source, PartitionStatement prelude)
            throws PartitionsParseException {
        PartitionsParser p = new PartitionsParser(source, prelude);
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            p.line(lines[i], i + 1);
        }
        if (p.draft != null) {
            String last = lines[lines.length - 1];
            throw p.diag.error(lines.length, last.length() + 1, "expected ';' to end the partition definition"
                    + " started on line " + p.draft.line + ", found the end of the file");
        }
        return new PartitionConfig(source, true, p.statements, p.diag.warnings());
    }

    private void line(String raw, int lineNo) throws PartitionsParseException {
        int hash = raw.indexOf('#');
        String line = hash < 0 ? raw : raw.substring(0, hash);
        int pos = 0;
        int n = line.length();
        while (true) {
            while (pos < n && Token.isBlank(line.charAt(pos))) {
                pos++;
            }
            if (pos == n) {
                return;
            }
            int semi = line.indexOf(';', pos);
            int end = semi < 0 ? n : semi;
            if (draft == null) {
                int colon = line.indexOf(':', pos);
                if (colon < 0 || colon > end) {
                    throw diag.error(lineNo, pos + 1, "expected a partition definition '[Name][=PKey][,flags] :'"
                            + " with its ':' on the same line, found "
                            + Diagnostics.quote(line.substring(pos, end).strip()));
                }
                header(line, lineNo, pos, colon);
                pos = colon + 1;
            }
            properties(line, lineNo, pos, end);
            if (semi < 0) {
                return;
            }
            finish();
            pos = semi + 1;
        }
    }

    private void header(String line, int lineNo, int from, int to) throws PartitionsParseException {
        int comma = indexOf(line, ',', from, to);
        Token[] nameId = Token.nameValue(line, lineNo, from, comma);
        Token name = nameId[0];
        Token id = nameId[1];
        if (id == null && !name.isEmpty() && name.text().charAt(0) >= '0' && name.text().charAt(0) <= '9') {
            id = name;
            name = new Token("", name.line(), name.column());
        }
        int pkey = 0;
        if (id != null) {
            if (id.isEmpty()) {
                throw diag.error(id, "expected a P_Key (0x... or decimal) after '='");
            }
            var v = CNumber.tryParseUnsigned(id.text(), 0xFFFF);
            if (v.isEmpty()) {
                throw diag.error(id, "expected a P_Key of at most 16 bits (0x... or decimal), found "
                        + Diagnostics.quote(id.text()));
            }
            pkey = (int) v.getAsLong() & 0x7FFF;
        }
        draft = new Draft(lineNo);
        while (comma < to) {
            int from2 = comma + 1;
            comma = indexOf(line, ',', from2, to);
            Token[] fv = Token.nameValue(line, lineNo, from2, comma);
            if (fv[0].isEmpty()) {
                throw diag.error(fv[0], "expected a partition flag (ipoib, indx0, defmember=, rate=, mtu=, sl=,"
                        + " scope=, Q_Key=, TClass=, FlowLabel=) after ','");
            }
            headerFlag(fv[0], fv[1]);
        }
        draft.pkey = resolvePKey(name, pkey);
        draft.name = name.text();
        if (draft.ipoib) {
            addGroups(Mgid.ipoibBroadcast(draft.pkey), draft.flags.forBroadcastGroup(), lineNo);
        }
    }

    private int resolvePKey(Token name, int pkey) throws PartitionsParseException {
        if (pkey == 0) {
            Integer known = pkeyByName.get(name.text());
            if (known != null) {
                return known;
            }
            do {
                if (pkeyCounter >= DEFAULT_PKEY - 1) {
                    throw diag.error(name, "no free P_Key left to generate for partition '" + name.text() + "'");
                }
                pkey = ++pkeyCounter;
            } while (pkeyUsed[pkey]);
        }
        if (!pkeyUsed[pkey]) {
            pkeyUsed[pkey] = true;
            pkeyByName.putIfAbsent(name.text(), pkey);
        }
        return pkey;
    }

    private void headerFlag(Token name, Token value) throws PartitionsParseException {
        GroupFlags g = GroupFlagParser.apply(draft.flags, name, value, diag);
        if (g != null) {
            draft.flags = g;
            return;
        }
        String w = name.text();
        if ("ipoib".startsWith(w)) {
            draft.ipoib = true;
            noValue(name, value);
        } else if ("defmember".startsWith(w)) {
            defmember(name, value);
        } else if (w.equals("indx0")) {
            draft.indx0 = true;
            noValue(name, value);
        } else {
            diag.warn(name, "unrecognized partition flag '" + w + "' ignored");
        }
    }

    private void defmember(Token name, Token value) {
        Membership m = value == null ? null : Membership.ofPrefix(value.text());
        if (m == null) {
            diag.warn(value == null ? name : value, "defmember needs full, limited or both; ignored");
        } else {
            draft.defmember = m;
        }
    }

    private void noValue(Token name, Token value) {
        if (value != null) {
            diag.warn(value, "flag '" + name.text() + "' takes no value; '" + value.text() + "' ignored");
        }
    }

    private void properties(String line, int lineNo, int from, int to) throws PartitionsParseException {
        int pos = from;
        while (pos <= to) {
            int comma = indexOf(line, ',', pos, to);
            Token[] nv = Token.nameValue(line, lineNo, pos, comma);
            if (nv[0].text().equals("mgid")) {
                mgid(line, lineNo, nv[1] == null ? nv[0] : nv[1], nv[1] != null, comma, to);
                return;
            }
            if (!nv[0].isEmpty() || nv[1] != null) {
                int colon = nv[1] == null ? -1 : nv[1].text().indexOf(':');
                if (colon >= 0 && draft.isEmpty() && !nv[0].isEmpty() && "defmember".startsWith(nv[0].text())) {
                    int at = nv[1].column() - 1;
                    defmember(nv[0], Token.trimmed(line, lineNo, at, at + colon));
                    Token[] rest = Token.nameValue(line, lineNo, at + colon + 1, comma);
                    if (!rest[0].isEmpty() || rest[1] != null) {
                        port(rest[0], rest[1]);
                    }
                } else {
                    port(nv[0], nv[1]);
                }
            }
            pos = comma + 1;
        }
    }

    private void port(Token name, Token value) throws PartitionsParseException {
        Membership m = draft.defmember;
        if (value != null) {
            if (value.isEmpty()) {
                throw diag.error(value, "expected full, limited or both after '='");
            }
            m = Membership.ofPrefix(value.text());
            if (m == null) {
                diag.warn(value, "unrecognized membership '" + value.text() + "', assuming limited");
                m = Membership.LIMITED;
            }
        }
        String w = name.text();
        if (w.isEmpty()) {
            throw diag.error(name, "expected a port GUID or keyword before '='");
        }
        if ("NONE".startsWith(w)) {
            draft.items++;
            return;
        }
        PortSelector.Kind kind = PortSelector.Kind.ofPrefix(w);
        long guid = 0;
        if (kind == null) {
            var v = CNumber.tryParseUnsigned(w, -1);
            if (v.isEmpty() || v.getAsLong() == 0) {
                throw diag.error(name, "expected a port GUID (0x... or decimal, not 0) or ALL, ALL_CAS, ALL_VCAS,"
                        + " ALL_SWITCHES, ALL_ROUTERS, SELF, NONE, or mgid=, found " + Diagnostics.quote(w));
            }
            kind = PortSelector.Kind.GUID;
            guid = v.getAsLong();
        }
        draft.ports.add(new PortSelector(kind, guid, m));
        draft.items++;
    }

    private void mgid(String line, int lineNo, Token value, boolean hasValue, int comma, int to)
            throws PartitionsParseException {
        if (!hasValue || value.isEmpty()) {
            throw diag.error(value, "expected a multicast GID after 'mgid=' (IPv6 form, e.g. ff12:401b::1)");
        }
        Mgid mgid = Mgid.parse(value.text());
        if (mgid == null) {
            throw diag.error(value, "expected a GID in IPv6 form (e.g. ff12:401b::1) after 'mgid=', found "
                    + Diagnostics.quote(value.text()));
        }
        GroupFlags f = draft.flags.inheritedByGroup();
        int pos = comma + 1;
        while (pos <= to && comma < to) {
            int next = indexOf(line, ',', pos, to);
            Token[] fv = Token.nameValue(line, lineNo, pos, next);
            if (fv[0].isEmpty()) {
                throw diag.error(fv[0], "expected a group flag (rate=, mtu=, sl=, scope=, Q_Key=, TClass=,"
                        + " FlowLabel=) after ','");
            }
            GroupFlags g = GroupFlagParser.apply(f, fv[0], fv[1], diag);
            if (g == null) {
                diag.warn(fv[0], "unrecognized mgroup flag '" + fv[0].text() + "' ignored");
            } else {
                f = g;
            }
            pos = next + 1;
        }
        draft.items++;
        if (!mgid.isMulticast()) {
            diag.warn(value, "mgid " + value.text() + " is not a multicast GID (must start with ff); group skipped");
            return;
        }
        if (mgid.isIp()) {
            int full = draft.pkey | 0x8000;
            if (mgid.ipPKey() != 0 && mgid.ipPKey() != full && !mgid.equals(Mgid.ipoibBroadcast(DEFAULT_PKEY))) {
                diag.warn(value, String.format("IP multicast group %s has P_Key 0x%04x, not 0x%04x of its"
                        + " partition; group skipped", value.text(), mgid.ipPKey(), full));
                return;
            }
            if (f.rate() != draft.flags.rate() || f.mtu() != draft.flags.mtu()) {
                diag.warn(value, "IP multicast group " + value.text() + " must have the rate and mtu of its"
                        + " partition's broadcast group (rate " + draft.flags.rate() + ", mtu " + draft.flags.mtu()
                        + "); group skipped");
                return;
            }
            mgid = mgid.withIpPKey(full);
            if (f.qKey() == 0) {
                f = f.withQKey(GroupFlags.IPOIB_QKEY);
            }
        }
        addGroups(mgid, f, lineNo);
    }

    private void addGroups(Mgid mgid, GroupFlags f, int lineNo) {
        if (f.scopeMask() == 0) {
            draft.groups.add(new McastGroupSpec(mgid.withScope(GroupFlags.DEFAULT_SCOPE), f,
                    GroupFlags.DEFAULT_SCOPE, lineNo));
            return;
        }
        for (int s = 1; s < 16; s++) {
            if ((f.scopeMask() & (1 << s)) != 0) {
                draft.groups.add(new McastGroupSpec(mgid.withScope(s), f, s, lineNo));
            }
        }
    }

    private void finish() {
        statements.add(new PartitionStatement(draft.name, draft.pkey, draft.indx0, draft.ipoib, draft.flags,
                draft.ports, draft.groups, draft.line));
        draft = null;
    }

    private static int indexOf(String s, char c, int from, int to) {
        int i = s.indexOf(c, from);
        return i < 0 || i > to ? to : i;
    }

    /** The statement being read. */
    private static final class Draft {
        final int line;
        String name = "";
        int pkey;
        boolean ipoib;
        boolean indx0;
        Membership defmember = Membership.LIMITED;
        GroupFlags flags = GroupFlags.DEFAULTS;
        final List<PortSelector> ports = new ArrayList<>();
        final List<McastGroupSpec> groups = new ArrayList<>();
        int items;

        Draft(int line) {
            this.line = line;
        }

        boolean isEmpty() {
            return items == 0;
        }
    }
}
