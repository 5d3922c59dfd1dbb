package dev.jsm.sa.state;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.ServiceRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an {@code opensm-sa.dump} file (docs/reference/sa-dump-file.md) as OpenSM 3.3.23's loader reads it: each
 * line that starts with {@code MC Group}, {@code mcm_port}, {@code Service Record:}, {@code InformInfo Record:} or
 * {@code GUIDInfo Record:} is read field by field, each field found by its name after the previous one and followed
 * by a hexadecimal number of the field's width; lines starting with {@code #} and empty lines are skipped.
 *
 * <p>Not thread-safe; one per file.
 *
 * <p>In detail: docs/design/sa.md#sadumpreader.
 */
public final class SaDumpReader {

    /** The longest line read (OpenSM's own buffer takes 1,022 characters). */
    public static final int MAX_LINE = 4096;
    private static final long MILLIS_PER_SECOND = 1000;
    private static final long LEASE_INFINITE = 0xFFFF_FFFFL;
    private static final int NAME_OFFSET = 48;
    private static final int NAME_SIZE = 64;

    private final String fileName;
    private final long nowMillis;
    private final List<String> errors = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<McastGroupState> groups = new ArrayList<>();
    private final List<ServiceState> services = new ArrayList<>();
    private final List<SubscriptionState> subscriptions = new ArrayList<>();
    private Group group;
    private int lineNo;
    private int guidInfoRecords;
    private int expired;

    private SaDumpReader(String fileName, long nowMillis) {
        this.fileName = fileName;
        this.nowMillis = nowMillis;
    }

    /**
     * What a file held: the state it restores (taken at {@code nowMillis}), the errors that make it damaged, and the
     * notes on what it held that is not restored.
     *
     * @param state the groups, ServiceRecords and subscriptions read
     * @param errors one {@code file:line: what} per line that could not be read
     * @param notes what was read but is not restored
     */
    public record Result(SaState state, List<String> errors, List<String> notes) {

        /** Copies the lists. */
        public Result {
            errors = List.copyOf(errors);
            notes = List.copyOf(notes);
        }

        /** Whether a line could not be read (the file should be moved aside). */
        public boolean damaged() {
            return !errors.isEmpty();
        }
    }

    /**
     * Reads {@code in}, named {@code fileName} in errors, with the leases counted against {@code nowMillis}
     * (milliseconds since the epoch).
     */
    public static Result read(BufferedReader in, String fileName, long nowMillis) throws IOException {
        SaDumpReader r = new SaDumpReader(fileName, nowMillis);
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            r.line(line);
        }
        r.endGroup();
        if (r.guidInfoRecords > 0) {
            r.notes.add(r.guidInfoRecords + " GUIDInfo records not restored: jsm's SA assigns no alias GUIDs");
        }
        if (r.expired > 0) {
            r.notes.add(r.expired + " ServiceRecords not restored: their leases ran out");
        }
        return new Result(new SaState(nowMillis, r.groups, r.services, r.subscriptions), r.errors, r.notes);
    }

    private void line(String text) {
        lineNo++;
        String t = text.stripLeading();
        if (t.isEmpty() || t.startsWith("#")) {
            return;
        }
        if (text.length() > MAX_LINE) {
            errors.add(where() + ": expected a line of at most " + MAX_LINE + " characters");
            endGroup();
            group = Group.SKIPPED;
            return;
        }
        Cursor c = new Cursor(text, text.length() - t.length());
        try {
            if (t.startsWith("MC Group")) {
                endGroup();
                group = Group.SKIPPED;
                group = groupLine(c);
            } else if (t.startsWith("mcm_port")) {
                memberLine(c);
            } else if (t.startsWith("Service Record:")) {
                endGroup();
                serviceLine(c);
            } else if (t.startsWith("InformInfo Record:")) {
                endGroup();
                subscriptionLine(c);
            } else if (t.startsWith("GUIDInfo Record:")) {
                endGroup();
                guidInfoLine(c);
            } else {
                notes.add(where() + ": not a line of opensm-sa.dump, ignored");
            }
        } catch (BadField e) {
            errors.add(where() + ": " + e.getMessage());
        }
    }

    private Group groupLine(Cursor c) throws BadField {
        int mlid = (int) c.hex(" 0x", 16);
        boolean wellKnown = c.rest().startsWith(" (well known):") || c.rest().startsWith("  (well known):");
        Gid mgid = c.gid(" mgid=0x");
        Gid creator = c.gid(" port_gid=0x");
        long qKey = c.hex(" qkey=0x", 32);
        c.hex(" mlid=0x", 16);
        int mtu = (int) c.hex(" mtu=0x", 8);
        int tClass = (int) c.hex(" tclass=0x", 8);
        int pKey = (int) c.hex(" pkey=0x", 16);
        int rate = (int) c.hex(" rate=0x", 8);
        int life = (int) c.hex(" pkt_life=0x", 8);
        long slFlowHop = c.hex(" sl_flow_hop=0x", 32);
        int scopeState = (int) c.hex(" scope_state=0x", 8);
        int proxy = (int) c.hex(" proxy_join=0x", 8);
        McMemberRecord params = new McMemberRecord(mgid, Gid.ZERO, qKey, mlid, mtu >>> 6, mtu & 0x3F, tClass, pKey,
                rate >>> 6, rate & 0x3F, life >>> 6, life & 0x3F, (int) (slFlowHop >>> 28),
                (int) (slFlowHop >>> 8 & 0xFFFFF), (int) (slFlowHop & 0xFF), scopeState >>> 4, scopeState & 0xF,
                proxy & 1);
        return new Group(params, wellKnown, creator);
    }

    private void memberLine(Cursor c) throws BadField {
        if (group == null) {
            notes.add(where() + ": a member outside any group, ignored");
            return;
        }
        Gid portGid = c.gid(" port_gid=0x");
        int scopeState = (int) c.hex(" scope_state=0x", 8);
        int proxy = (int) c.hex(" proxy_join=0x", 8);
        if (group != Group.SKIPPED) {
            group.members.add(new McastMemberState(portGid, scopeState >>> 4, scopeState & 0xF, proxy & 1));
        }
    }

    private void serviceLine(Cursor c) throws BadField {
        byte[] b = new byte[ServiceRecord.SIZE];
        ServiceRecord.SERVICE_ID.put(b, 0, c.hex(" id=0x", 64));
        Gid gid = c.gid(" gid=0x");
        gid.write(ServiceRecord.SERVICE_GID, b, 0);
        ServiceRecord.SERVICE_P_KEY.put(b, 0, c.hex(" pkey=0x", 16));
        ServiceRecord.SERVICE_LEASE.put(b, 0, c.hex(" lease=0x", 32));
        c.halves(" key=0x", b, 32);
        c.name(" name=", b);
        c.halves(" data8=0x", b, 112);
        c.halves(" data16=0x", b, 128);
        c.halves(" data32=0x", b, 144);
        c.halves(" data64=0x", b, 160);
        long modified = c.hex(" modified_time=0x", 32);
        long period = c.hex(" lease_period=0x", 32);
        long left = ServiceState.INFINITE;
        if (period != LEASE_INFINITE) {
            left = (modified + period) * MILLIS_PER_SECOND - nowMillis;
            if (left <= 0) {
                expired++;
                return;
            }
        }
        services.add(new ServiceState(b, left, gid.interfaceId()));
    }

    private void subscriptionLine(Cursor c) throws BadField {
        Gid subscriber = c.gid(" subscriber_gid=0x");
        int enumeration = (int) c.hex(" subscriber_enum=0x", 16);
        Gid gid = c.gid(" gid=0x");
        int begin = (int) c.hex(" lid_range_begin=0x", 16);
        int end = (int) c.hex(" lid_range_end=0x", 16);
        int generic = (int) c.hex(" is_generic=0x", 8);
        int subscribe = (int) c.hex(" subscribe=0x", 8);
        int type = (int) c.hex(" trap_type=0x", 16);
        int trap = (int) c.hex(" trap_num=0x", 16);
        long qpnResp = c.hex(" qpn_resp_time_val=0x", 32);
        int producer = (int) c.hex(" node_type=0x", 32) & 0xFFFFFF;
        int lid = (int) c.hex(" rep_addr: lid=0x", 16);
        c.hex(" path_bits=0x", 8);
        c.hex(" static_rate=0x", 8);
        int qpn = (int) c.hex(" remote_qp=0x", 32);
        int qkey = (int) c.hex(" remote_qkey=0x", 32);
        int pkeyIndex = (int) c.hex(" pkey_ix=0x", 16);
        int sl = (int) c.hex(" sl=0x", 8);
        InformInfo ii = new InformInfo(gid, begin, end, generic, subscribe, type, trap, (int) (qpnResp >>> 8),
                (int) (qpnResp & 0x1F), producer);
        subscriptions.add(new SubscriptionState(new InformInfoRecord(subscriber, enumeration, ii),
                new MadAddress.LidRouted(lid, qpn & 0xFFFFFF, qkey, sl & 0xF, pkeyIndex)));
    }

    private void guidInfoLine(Cursor c) throws BadField {
        c.hex(" base_guid=0x", 64);
        c.hex(" lid=0x", 16);
        c.hex(" block_num=0x", 8);
        for (int i = 0; i < 8; i++) {
            c.hex(" guid" + i + "=0x", 64);
        }
        guidInfoRecords++;
    }

    /** The group being read is complete: keep it. */
    private void endGroup() {
        if (group != null && group != Group.SKIPPED) {
            groups.add(new McastGroupState(group.params, group.wellKnown, group.creator, group.members));
        }
        group = null;
    }

    private String where() {
        return fileName + ":" + lineNo;
    }

    /** A group being read: its values, then its members line by line. {@link #SKIPPED}: one that failed. */
    private static final class Group {
        static final Group SKIPPED = new Group(null, false, null);

        final McMemberRecord params;
        final boolean wellKnown;
        final Gid creator;
        final List<McastMemberState> members = new ArrayList<>();

        Group(McMemberRecord params, boolean wellKnown, Gid creator) {
            this.params = params;
            this.wellKnown = wellKnown;
            this.creator = creator;
        }
    }

    /** A field that could not be read; its message says which and what was expected. */
    private static final class BadField extends Exception {
        private static final long serialVersionUID = 1L;

        BadField(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A position in one line, moved on field by field as OpenSM's loader does: a field's name is looked for from the
     * position on, and its number must end at white space, a colon or the end of the line.
     */
    private static final class Cursor {
        private final String line;
        private int pos;

        Cursor(String line, int pos) {
            this.line = line;
            this.pos = pos;
        }

        String rest() {
            return line.substring(pos);
        }

        /** The hexadecimal number of at most {@code bits} bits after {@code name}. */
        long hex(String name, int bits) throws BadField {
            find(name);
            int start = pos;
            long v = 0;
            for (int d = digit(); d >= 0; d = digit()) {
                if (v >>> (bits - 4) != 0) {
                    throw notANumber(name, bits);
                }
                v = v << 4 | d;
                pos++;
            }
            if (pos == start || pos < line.length() && !Character.isWhitespace(line.charAt(pos))
                    && line.charAt(pos) != ':') {
                throw notANumber(name, bits);
            }
            return v;
        }

        /** The value of the hexadecimal digit at the position, or -1. */
        private int digit() {
            if (pos == line.length()) {
                return -1;
            }
            char ch = line.charAt(pos);
            return ch < 0x80 ? Character.digit(ch, 16) : -1;
        }

        private static BadField notANumber(String name, int bits) {
            return new BadField("expected a hexadecimal number of at most " + bits + " bits after \"" + name.strip()
                    + "\"");
        }

        /** The GID {@code 0x<prefix>:0x<interface ID>} after {@code name} (which ends with its first 0x). */
        Gid gid(String name) throws BadField {
            long prefix = hex(name, 64);
            return new Gid(prefix, hex(":0x", 64));
        }

        /** Sixteen bytes written as two 64-bit numbers after {@code name}, into {@code b} at {@code off}. */
        void halves(String name, byte[] b, int off) throws BadField {
            put(b, off, hex(name, 64));
            put(b, off + 8, hex(":0x", 64));
        }

        /**
         * The ServiceName after {@code name}: between {@code '} or {@code "} quotes, else up to the next space; at
         * most 64 characters, each one byte.
         */
        void name(String name, byte[] b) throws BadField {
            find(name);
            char delim = ' ';
            if (pos < line.length() && (line.charAt(pos) == '\'' || line.charAt(pos) == '"')) {
                delim = line.charAt(pos++);
            }
            int end = line.indexOf(delim, pos);
            if (end < 0 && delim != ' ') {
                throw new BadField("expected the name after \"" + name.strip() + "\" to end with " + delim);
            }
            end = end < 0 ? line.length() : end;
            if (end - pos > NAME_SIZE) {
                throw new BadField("expected a name of at most " + NAME_SIZE + " bytes after \"" + name.strip()
                        + "\"");
            }
            for (int n = 0; pos < end; n++) {
                char ch = line.charAt(pos++);
                if (ch > 0xFF) {
                    throw new BadField("expected a name of bytes (ISO-8859-1) after \"" + name.strip() + "\"");
                }
                b[NAME_OFFSET + n] = (byte) ch;
            }
            pos = delim == ' ' ? end : end + 1;
        }

        private void find(String name) throws BadField {
            int at = line.indexOf(name, pos);
            if (at < 0) {
                throw new BadField("expected \"" + name.strip() + "\" after column " + (pos + 1));
            }
            pos = at + name.length();
        }

        private static void put(byte[] b, int off, long v) {
            for (int i = 0; i < 8; i++) {
                b[off + i] = (byte) (v >>> (56 - 8 * i));
            }
        }
    }
}
