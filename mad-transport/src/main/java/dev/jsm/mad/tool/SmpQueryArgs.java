package dev.jsm.mad.tool;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.text.CNumber;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command line of {@link SmpQuery}, parsed: {@code [options] <attribute> <lid | dr_path> [modifier]} with
 * smpquery's option letters where they mean the same ({@code -C -P -D -t}), OpenSM's {@code -g/--guid} (also
 * {@code -G}) to pick the local port by GUID, and {@code --set FIELD=VALUE} to turn the Get into a Get then Set.
 *
 * <p>In detail: docs/design/mad-transport.md#smpqueryargs.
 */
record SmpQueryArgs(String caName, int portNum, long portGuid, AttributeId attribute, DrPath route, int lid,
                    long modifier, int timeoutMs, int retries, List<FieldValue> sets) {

    /** The usage text printed by {@code -h} and after a usage error. */
    static final String USAGE = """
            Usage: smp-query [options] <attribute> <lid | dr_path> [modifier]
            Sends one SMP (a Get, or with --set a Get then a Set) and prints the attribute as name=value lines.

            Attributes (case insensitive): NodeInfo (NI), NodeDesc (ND), PortInfo (PI), SwitchInfo (SI),
              PKeyTable (PKeys), SL2VLTable (SL2VL), VLArbitration (VLArb), GUIDInfo (GI),
              LinearForwardingTable (LFT), MulticastForwardingTable (MFT), SMInfo, the vendor attributes
              VirtualizationInfo (VI), VPortInfo (VPI), VPortState (VPS), VNodeInfo (VNI), VNodeDesc (VND),
              VPortGUIDInfo (VGI), VPortPKeyTable (VPKeys), QoSConfigSL, GeneralInfo, or an attribute ID (0x0011).
            The modifier is the attribute modifier: the port for PortInfo, the block for tables, the vport index
            for VPortInfo/VNodeInfo/VNodeDesc, index << 16 | block for VPortGUIDInfo/VPortPKeyTable (default 0).

            Options:
              -D, --Direct            the address is a directed route (0,1,5; 0 is the local port), not a LID
              -C, --Ca <ca>           local CA (default: the first CA with an active port)
              -P, --Port <port>       port of that CA (default: its first active port)
              -g, -G, --guid <guid>   local port by port GUID, as opensm -g (instead of -C/-P)
              -t, --timeout <ms>      time each attempt waits for the response (default 200)
              -r, --retries <n>       re-sends after a timeout (default 3)
              --set <Field>=<value>   change a numeric field (names as printed) and Set the attribute; repeatable.
                                      PortInfo's PortState and PortPhysicalState go out as 0 (no change) unless set
              -h, --help              this text

            Exit status: 0 answered; 1 error status, timeout or undeliverable route; 2 usage; 3 libibumad missing;
            4 no InfiniBand device; 5 CA, port or GUID not found; 6 local port down; 7 permission denied on the umad
            device; 8 MAD agent registration refused; 9 other umad device error.
            """;

    private static final Map<String, AttributeId> NAMES = names();

    /**
     * One {@code --set} request.
     *
     * @param field the field name as the attribute's layout spells it
     * @param value the new value
     */
    record FieldValue(String field, long value) {
    }

    /** A command line that cannot be run; the message says what was expected. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Parses a command line.
     *
     * @return the arguments, or null if help was asked for
     * @throws UsageException for anything malformed
     */
    static SmpQueryArgs parse(String... args) throws UsageException {
        String ca = null;
        int port = 0;
        long guid = 0;
        boolean direct = false;
        int timeoutMs = 200;
        int retries = 3;
        List<FieldValue> sets = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    return null;
                }
                case "-D", "--Direct" -> direct = true;
                case "-C", "--Ca" -> ca = value(args, ++i, a);
                case "-P", "--Port" -> port = (int) number(value(args, ++i, a), a, 1, 254);
                case "-g", "-G", "--guid" -> guid = number(value(args, ++i, a), a, 1, -1);
                case "-t", "--timeout" -> timeoutMs = (int) number(value(args, ++i, a), a, 1, 3_600_000);
                case "-r", "--retries" -> retries = (int) number(value(args, ++i, a), a, 0, 100);
                case "--set" -> sets.add(fieldValue(value(args, ++i, a)));
                default -> {
                    if (a.startsWith("-") && a.length() > 1 && !Character.isDigit(a.charAt(1))) {
                        throw new UsageException("unknown option " + a);
                    }
                    positional.add(a);
                }
            }
        }
        if (positional.size() < 2 || positional.size() > 3) {
            throw new UsageException("expected <attribute> <lid | dr_path> [modifier], got "
                    + (positional.isEmpty() ? "nothing" : String.join(" ", positional)));
        }
        if (guid != 0 && (ca != null || port != 0)) {
            throw new UsageException("-g selects the local port by GUID; do not combine it with -C or -P");
        }
        AttributeId attribute = attribute(positional.get(0));
        DrPath route = direct ? route(positional.get(1)) : null;
        int lid = direct ? 0 : (int) number(positional.get(1), "LID", 1, 0xBFFF);
        long modifier = positional.size() == 3 ? number(positional.get(2), "modifier", 0, 0xFFFF_FFFFL) : 0;
        return new SmpQueryArgs(ca, port, guid, attribute, route, lid, modifier, timeoutMs, retries,
                List.copyOf(sets));
    }

    /** {@code "DR path 0,1,5"} or {@code "lid 7"}, for messages. */
    String destination() {
        return route != null ? "DR path " + route : "lid " + lid;
    }

    private static AttributeId attribute(String text) throws UsageException {
        AttributeId id = NAMES.get(text.toLowerCase(Locale.ROOT));
        if (id == null && text.toLowerCase(Locale.ROOT).startsWith("0x")) {
            id = AttributeId.valueOf((int) number(text, "attribute ID", 0, 0xFFFF));
        }
        if (id == null) {
            throw new UsageException("unknown attribute " + text + " (expected NodeInfo, NodeDesc, PortInfo,"
                    + " SwitchInfo, PKeyTable, SL2VLTable, VLArbitration, GUIDInfo, LFT, MFT, SMInfo, a vendor"
                    + " attribute or 0xNNNN)");
        }
        return id;
    }

    private static DrPath route(String text) throws UsageException {
        try {
            return DrPath.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("bad directed route " + text + " (expected ports like 0,1,5): "
                    + e.getMessage());
        }
    }

    private static FieldValue fieldValue(String text) throws UsageException {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new UsageException("--set " + text + ": expected Field=value");
        }
        return new FieldValue(text.substring(0, eq).trim(), number(text.substring(eq + 1).trim(), "--set " + text,
                0, -1));
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    /**
     * A decimal (a leading 0 is decimal) or 0x-hex number in {@code min..max} ({@code max} -1: any unsigned 64-bit
     * value).
     */
    private static long number(String text, String what, long min, long max) throws UsageException {
        long v;
        try {
            v = CNumber.parseUnsigned(text, CNumber.Base.HEX_OR_DECIMAL);
        } catch (NumberFormatException e) {
            throw new UsageException(what + ": expected a number (decimal or 0x hex), got " + text);
        }
        if (Long.compareUnsigned(v, min) < 0 || (max >= 0 && Long.compareUnsigned(v, max) > 0)) {
            throw new UsageException(what + ": " + text + " is outside " + min + ".." + (max >= 0 ? max : "2^64-1"));
        }
        return v;
    }

    private static Map<String, AttributeId> names() {
        Map<String, AttributeId> m = new LinkedHashMap<>();
        alias(m, AttributeId.NODE_INFO, "nodeinfo", "ni");
        alias(m, AttributeId.NODE_DESCRIPTION, "nodedesc", "nd", "nodedescription");
        alias(m, AttributeId.PORT_INFO, "portinfo", "pi");
        alias(m, AttributeId.SWITCH_INFO, "switchinfo", "si");
        alias(m, AttributeId.P_KEY_TABLE, "pkeytable", "pkeys", "p_keytable");
        alias(m, AttributeId.SL_TO_VL_MAPPING_TABLE, "sl2vltable", "sl2vl", "sltovlmappingtable");
        alias(m, AttributeId.VL_ARBITRATION_TABLE, "vlarbitration", "vlarb", "vlarbitrationtable");
        alias(m, AttributeId.GUID_INFO, "guidinfo", "gi");
        alias(m, AttributeId.LINEAR_FORWARDING_TABLE, "linearforwardingtable", "lft");
        alias(m, AttributeId.MULTICAST_FORWARDING_TABLE, "multicastforwardingtable", "mft");
        alias(m, AttributeId.SM_INFO, "sminfo");
        alias(m, AttributeId.VIRTUALIZATION_INFO, "virtualizationinfo", "vi");
        alias(m, AttributeId.VPORT_INFO, "vportinfo", "vpi");
        alias(m, AttributeId.VPORT_STATE, "vportstate", "vps");
        alias(m, AttributeId.VNODE_INFO, "vnodeinfo", "vni");
        alias(m, AttributeId.VNODE_DESCRIPTION, "vnodedesc", "vnd", "vnodedescription");
        alias(m, AttributeId.VPORT_GUID_INFO, "vportguidinfo", "vgi");
        alias(m, AttributeId.VPORT_P_KEY_TABLE, "vportpkeytable", "vpkeys");
        alias(m, AttributeId.QOS_CONFIG_SL, "qosconfigsl");
        alias(m, AttributeId.GENERAL_INFO, "generalinfo");
        alias(m, AttributeId.MLNX_EXTENDED_PORT_INFO, "mlnxextportinfo", "mepi");
        return m;
    }

    private static void alias(Map<String, AttributeId> m, AttributeId id, String... names) {
        for (String n : names) {
            m.put(n, id);
        }
    }
}
