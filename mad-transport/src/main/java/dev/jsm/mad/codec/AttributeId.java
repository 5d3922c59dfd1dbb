package dev.jsm.mad.codec;

/**
 * Attribute IDs of the SMP class (IBA 14.2.5) and the SA class (IBA 15.2.5). The two classes share the 16-bit
 * space for the common attributes (ClassPortInfo, Notice). The 0xFFxx IDs are the vendor SMP attributes of
 * virtualization and enhanced QoS that NVIDIA's SM and diagnostics use ({@code docs/virtualization.md}). Open: unknown
 * IDs decode to an unnamed value.
 */
public final class AttributeId extends OpenCode {

    private static final Registry<AttributeId> REGISTRY =
            new Registry<>(AttributeId::new, "UNKNOWN_ATTRIBUTE(0x%04x)");

    public static final AttributeId CLASS_PORT_INFO = REGISTRY.known(0x0001, "ClassPortInfo");
    public static final AttributeId NOTICE = REGISTRY.known(0x0002, "Notice");
    public static final AttributeId INFORM_INFO = REGISTRY.known(0x0003, "InformInfo");
    public static final AttributeId NODE_DESCRIPTION = REGISTRY.known(0x0010, "NodeDescription");
    public static final AttributeId NODE_INFO = REGISTRY.known(0x0011, "NodeInfo");
    public static final AttributeId SWITCH_INFO = REGISTRY.known(0x0012, "SwitchInfo");
    public static final AttributeId GUID_INFO = REGISTRY.known(0x0014, "GUIDInfo");
    public static final AttributeId PORT_INFO = REGISTRY.known(0x0015, "PortInfo");
    public static final AttributeId P_KEY_TABLE = REGISTRY.known(0x0016, "P_KeyTable");
    public static final AttributeId SL_TO_VL_MAPPING_TABLE = REGISTRY.known(0x0017, "SLtoVLMappingTable");
    public static final AttributeId VL_ARBITRATION_TABLE = REGISTRY.known(0x0018, "VLArbitrationTable");
    public static final AttributeId LINEAR_FORWARDING_TABLE = REGISTRY.known(0x0019, "LinearForwardingTable");
    public static final AttributeId RANDOM_FORWARDING_TABLE = REGISTRY.known(0x001A, "RandomForwardingTable");
    public static final AttributeId MULTICAST_FORWARDING_TABLE =
            REGISTRY.known(0x001B, "MulticastForwardingTable");
    public static final AttributeId SM_INFO = REGISTRY.known(0x0020, "SMInfo");
    public static final AttributeId VENDOR_DIAG = REGISTRY.known(0x0030, "VendorDiag");
    public static final AttributeId LED_INFO = REGISTRY.known(0x0031, "LedInfo");
    /** Mellanox vendor SMP attribute; modifier 4 is its CapabilityMask ({@code docs/virtualization.md}). */
    public static final AttributeId GENERAL_INFO = REGISTRY.known(0xFF17, "GeneralInfo");
    /** Mellanox vendor SMP attribute: FDR10 link speed of a port ({@code docs/link-speeds.md}). */
    public static final AttributeId MLNX_EXTENDED_PORT_INFO = REGISTRY.known(0xFF90, "MlnxExtendedPortInfo");
    /** Mellanox vendor SMP attribute: per-SL rate limits of a port or vport ({@code docs/enhanced-qos.md}). */
    public static final AttributeId QOS_CONFIG_SL = REGISTRY.known(0xFF82, "QoSConfigSL");
    public static final AttributeId VIRTUALIZATION_INFO = REGISTRY.known(0xFFB0, "VirtualizationInfo");
    public static final AttributeId VPORT_INFO = REGISTRY.known(0xFFB1, "VPortInfo");
    public static final AttributeId VNODE_INFO = REGISTRY.known(0xFFB2, "VNodeInfo");
    public static final AttributeId VPORT_STATE = REGISTRY.known(0xFFB3, "VPortState");
    public static final AttributeId VNODE_DESCRIPTION = REGISTRY.known(0xFFB4, "VNodeDescription");
    public static final AttributeId VPORT_GUID_INFO = REGISTRY.known(0xFFB5, "VPortGUIDInfo");
    public static final AttributeId VPORT_P_KEY_TABLE = REGISTRY.known(0xFFB6, "VPortPKeyTable");

    private AttributeId(int value, String name) {
        super(value, name);
    }

    /** The attribute for a wire value; never throws. */
    public static AttributeId valueOf(int value) {
        return REGISTRY.valueOf(value & 0xFFFF);
    }
}
