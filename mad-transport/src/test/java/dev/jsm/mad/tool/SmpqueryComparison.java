package dev.jsm.mad.tool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares what {@code bin/smp-query} prints ({@code Field=decimal (0xhex)} lines with the spec's field names) with
 * what infiniband-diags' {@code smpquery} prints for the same query ({@code Label:.....value} lines with libibmad's
 * short names and some values spelled out). Every field both print as a number or a known word is compared; the
 * rest (width and speed sets such as {@code 1X or 4X}, the hidden M_Key) is left out.
 *
 * <p>Immutable; safe to share.
 */
final class SmpqueryComparison {

    private static final Pattern SMPQUERY_LINE = Pattern.compile("^([A-Za-z][A-Za-z0-9 ]*):\\.+(.*)$");
    private static final Pattern JSM_LINE = Pattern.compile("^([A-Za-z_][A-Za-z0-9_\\[\\]]*)=(?:'(.*)'|(\\S+).*)$");
    private static final Map<String, Long> STATES = Map.of("Down", 1L, "Initialize", 2L, "Armed", 3L, "Active", 4L);
    private static final Map<String, Long> PHYS = Map.of("Sleep", 1L, "Polling", 2L, "Disabled", 3L,
            "PortConfigurationTraining", 4L, "LinkUp", 5L, "LinkErrorRecovery", 6L, "PhyTest", 7L);
    private static final Map<String, Long> MTU = Map.of("256", 1L, "512", 2L, "1024", 3L, "2048", 4L, "4096", 5L);
    private static final Map<String, Long> NODE_TYPES = Map.of("Channel Adapter", 1L, "Switch", 2L, "Router", 3L);

    /** smpquery's label, then jsm's field name and how to read smpquery's value. */
    private static final Map<String, Mapping> MAPPINGS = mappings();

    private record Mapping(String field, Function<String, Object> reader) {
    }

    /**
     * The outcome of one comparison.
     *
     * @param compared fields compared
     * @param mismatches one line per field whose values differ
     */
    record Result(int compared, List<String> mismatches) {
    }

    private SmpqueryComparison() {
    }

    /** Compares the two outputs of one query. */
    static Result compare(String jsm, String smpquery) {
        Map<String, String> ours = new LinkedHashMap<>();
        for (String line : jsm.lines().toList()) {
            Matcher m = JSM_LINE.matcher(line);
            if (m.matches()) {
                ours.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
            }
        }
        int compared = 0;
        List<String> mismatches = new ArrayList<>();
        for (String line : smpquery.lines().toList()) {
            Matcher m = SMPQUERY_LINE.matcher(line);
            Mapping map = m.matches() ? MAPPINGS.get(m.group(1)) : null;
            if (map == null) {
                continue;
            }
            Object theirs = map.reader().apply(m.group(2).strip());
            String mine = ours.get(map.field());
            Object ourValue = mine == null ? null : theirs instanceof String ? mine : Long.parseUnsignedLong(mine);
            compared++;
            if (theirs == null || !theirs.equals(ourValue)) {
                mismatches.add(m.group(1) + " (" + map.field() + "): smpquery " + theirs + ", smp-query " + mine);
            }
        }
        return new Result(compared, mismatches);
    }

    private static Map<String, Mapping> mappings() {
        Map<String, Mapping> m = new LinkedHashMap<>();
        // NodeInfo
        number(m, "BaseVers", "BaseVersion");
        number(m, "ClassVers", "ClassVersion");
        m.put("NodeType", new Mapping("NodeType", NODE_TYPES::get));
        number(m, "NumPorts", "NumPorts");
        number(m, "SystemGuid", "SystemImageGUID");
        number(m, "Guid", "NodeGUID");
        number(m, "PortGuid", "PortGUID");
        number(m, "PartCap", "PartitionCap");
        number(m, "DevId", "DeviceID");
        number(m, "Revision", "Revision");
        number(m, "LocalPort", "LocalPortNum");
        number(m, "VendorId", "VendorID");
        // NodeDescription
        m.put("Node Description", new Mapping("NodeString", s -> s));
        // PortInfo
        number(m, "GidPrefix", "GidPrefix");
        number(m, "Lid", "LID");
        number(m, "SMLid", "MasterSMLID");
        number(m, "CapMask", "CapabilityMask");
        number(m, "DiagCode", "DiagCode");
        number(m, "MkeyLeasePeriod", "M_KeyLeasePeriod");
        m.put("LinkState", new Mapping("PortState", STATES::get));
        m.put("PhysLinkState", new Mapping("PortPhysicalState", PHYS::get));
        number(m, "ProtectBits", "M_KeyProtectBits");
        number(m, "LMC", "LMC");
        m.put("NeighborMTU", new Mapping("NeighborMTU", MTU::get));
        m.put("MtuCap", new Mapping("MTUCap", MTU::get));
        number(m, "SMSL", "MasterSMSL");
        number(m, "InitType", "InitType");
        number(m, "VLHighLimit", "VLHighLimit");
        number(m, "VLArbHighCap", "VLArbitrationHighCap");
        number(m, "VLArbLowCap", "VLArbitrationLowCap");
        number(m, "InitReply", "InitTypeReply");
        number(m, "VLStallCount", "VLStallCount");
        number(m, "HoqLife", "HOQLife");
        number(m, "MkeyViolations", "M_KeyViolations");
        number(m, "PkeyViolations", "P_KeyViolations");
        number(m, "QkeyViolations", "Q_KeyViolations");
        number(m, "GuidCap", "GUIDCap");
        number(m, "ClientReregister", "ClientReregister");
        number(m, "SubnetTimeout", "SubnetTimeOut");
        number(m, "RespTimeVal", "RespTimeValue");
        number(m, "LocalPhysErr", "LocalPhyErrors");
        number(m, "OverrunErr", "OverrunErrors");
        number(m, "MaxCreditHint", "MaxCreditHint");
        number(m, "RoundTrip", "LinkRoundTripLatency");
        number(m, "CapabilityMask2", "CapabilityMask2");
        // SwitchInfo
        number(m, "LinearFdbCap", "LinearFDBCap");
        number(m, "RandomFdbCap", "RandomFDBCap");
        number(m, "McastFdbCap", "MulticastFDBCap");
        number(m, "LinearFdbTop", "LinearFDBTop");
        number(m, "DefPort", "DefaultPort");
        number(m, "DefMcastPrimPort", "DefaultMulticastPrimaryPort");
        number(m, "DefMcastNotPrimPort", "DefaultMulticastNotPrimaryPort");
        number(m, "LifeTime", "LifeTimeValue");
        number(m, "StateChange", "PortStateChange");
        number(m, "OptSLtoVLMapping", "OptimizedSLtoVLMappingProgramming");
        number(m, "LidsPerPort", "LIDsPerPort");
        number(m, "PartEnforceCap", "PartitionEnforcementCap");
        number(m, "InboundPartEnf", "InboundEnforcementCap");
        number(m, "OutboundPartEnf", "OutboundEnforcementCap");
        number(m, "FilterRawInbound", "FilterRawInboundCap");
        number(m, "FilterRawOutbound", "FilterRawOutboundCap");
        number(m, "EnhancedPort0", "EnhancedPort0");
        number(m, "MulticastFDBTop", "MulticastFDBTop");
        return m;
    }

    private static void number(Map<String, Mapping> m, String label, String field) {
        m.put(label, new Mapping(field, s -> s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16)
                : Long.parseUnsignedLong(s)));
    }
}
