package dev.jsm.sa.codec;

/**
 * SA attribute IDs (IBA 15.2.5, docs/reference/mad-formats.md#sa-attributes). Plain constants:
 * SA attribute IDs reuse the SMP numbers for other
 * attributes (0x0011 is NodeInfo to an SMA and NodeRecord to the SA), so they are kept apart from
 * {@link dev.jsm.mad.codec.AttributeId}.
 *
 * <p>Stateless.
 */
public final class SaAttribute {

    public static final int CLASS_PORT_INFO = 0x0001;
    public static final int NOTICE = 0x0002;
    public static final int INFORM_INFO = 0x0003;
    public static final int NODE_RECORD = 0x0011;
    public static final int PORT_INFO_RECORD = 0x0012;
    public static final int SL_TO_VL_MAPPING_TABLE_RECORD = 0x0013;
    public static final int SWITCH_INFO_RECORD = 0x0014;
    public static final int LINEAR_FORWARDING_TABLE_RECORD = 0x0015;
    public static final int RANDOM_FORWARDING_TABLE_RECORD = 0x0016;
    public static final int MULTICAST_FORWARDING_TABLE_RECORD = 0x0017;
    public static final int SM_INFO_RECORD = 0x0018;
    public static final int LINK_RECORD = 0x0020;
    public static final int GUID_INFO_RECORD = 0x0030;
    public static final int SERVICE_RECORD = 0x0031;
    public static final int P_KEY_TABLE_RECORD = 0x0033;
    public static final int PATH_RECORD = 0x0035;
    public static final int VL_ARBITRATION_TABLE_RECORD = 0x0036;
    public static final int MC_MEMBER_RECORD = 0x0038;
    public static final int TRACE_RECORD = 0x0039;
    public static final int MULTI_PATH_RECORD = 0x003A;
    public static final int SERVICE_ASSOCIATION_RECORD = 0x003B;
    public static final int INFORM_INFO_RECORD = 0x00F3;

    private SaAttribute() {
    }

    /** The spec's name of an SA attribute, or its hex value if unknown. */
    public static String name(int id) {
        return switch (id) {
            case CLASS_PORT_INFO -> "ClassPortInfo";
            case NOTICE -> "Notice";
            case INFORM_INFO -> "InformInfo";
            case NODE_RECORD -> "NodeRecord";
            case PORT_INFO_RECORD -> "PortInfoRecord";
            case SL_TO_VL_MAPPING_TABLE_RECORD -> "SLtoVLMappingTableRecord";
            case SWITCH_INFO_RECORD -> "SwitchInfoRecord";
            case LINEAR_FORWARDING_TABLE_RECORD -> "LinearForwardingTableRecord";
            case RANDOM_FORWARDING_TABLE_RECORD -> "RandomForwardingTableRecord";
            case MULTICAST_FORWARDING_TABLE_RECORD -> "MulticastForwardingTableRecord";
            case SM_INFO_RECORD -> "SMInfoRecord";
            case LINK_RECORD -> "LinkRecord";
            case GUID_INFO_RECORD -> "GUIDInfoRecord";
            case SERVICE_RECORD -> "ServiceRecord";
            case P_KEY_TABLE_RECORD -> "P_KeyTableRecord";
            case PATH_RECORD -> "PathRecord";
            case VL_ARBITRATION_TABLE_RECORD -> "VLArbitrationTableRecord";
            case MC_MEMBER_RECORD -> "MCMemberRecord";
            case TRACE_RECORD -> "TraceRecord";
            case MULTI_PATH_RECORD -> "MultiPathRecord";
            case SERVICE_ASSOCIATION_RECORD -> "ServiceAssociationRecord";
            case INFORM_INFO_RECORD -> "InformInfoRecord";
            default -> String.format("0x%04x", id);
        };
    }
}
