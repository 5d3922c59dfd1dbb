package dev.jsm.mad.smp;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every SMP attribute codec in one readable list (the counterpart of ODL's {@code MessageDeserializerInitializer}
 * and ibsim's {@code smp_handlers_array}): for each {@link AttributeId} its {@link Layout} and decoder, and a
 * pretty-printer for whole SMPs used by debug logs and diagnostics.
 *
 * <p>Both SMP classes (LID-routed 0x01 and directed-route 0x81) share these attributes. The vendor attributes of
 * virtualization and enhanced QoS ({@code docs/virtualization.md}) and Mellanox's ExtendedPortInfo (FDR10) are here
 * too; GeneralInfo's codec reads the CapabilityMask form (modifier 4). Attributes without a codec (ClassPortInfo,
 * RandomForwardingTable, VendorDiag, LedInfo, other vendor attributes) are dumped as hex.
 *
 * <p>Immutable; thread-safe.
 */
public final class SmpAttributes {

    /** Decodes an attribute at an offset into its record. */
    @FunctionalInterface
    public interface Decoder {
        /**
         * @param b buffer holding the attribute
         * @param off offset of the attribute in {@code b}
         * @return the record ({@link NodeInfo}, {@link PortInfo}, ...)
         */
        Object decode(byte[] b, int off);
    }

    /**
     * One registered attribute codec.
     *
     * @param id attribute ID
     * @param layout field table (decode, encode and dump all follow it)
     * @param decoder the record's {@code decode}
     */
    public record Codec(AttributeId id, Layout layout, Decoder decoder) {
    }

    private static final Map<AttributeId, Codec> CODECS = table(
            new Codec(AttributeId.NOTICE, Notice.LAYOUT, Notice::decode),
            new Codec(AttributeId.NODE_DESCRIPTION, NodeDescription.LAYOUT, NodeDescription::decode),
            new Codec(AttributeId.NODE_INFO, NodeInfo.LAYOUT, NodeInfo::decode),
            new Codec(AttributeId.SWITCH_INFO, SwitchInfo.LAYOUT, SwitchInfo::decode),
            new Codec(AttributeId.GUID_INFO, GuidInfo.LAYOUT, GuidInfo::decode),
            new Codec(AttributeId.PORT_INFO, PortInfo.LAYOUT, PortInfo::decode),
            new Codec(AttributeId.P_KEY_TABLE, PKeyTable.LAYOUT, PKeyTable::decode),
            new Codec(AttributeId.SL_TO_VL_MAPPING_TABLE, SlToVlMappingTable.LAYOUT, SlToVlMappingTable::decode),
            new Codec(AttributeId.VL_ARBITRATION_TABLE, VlArbitrationTable.LAYOUT, VlArbitrationTable::decode),
            new Codec(AttributeId.LINEAR_FORWARDING_TABLE, LinearForwardingTable.LAYOUT,
                    LinearForwardingTable::decode),
            new Codec(AttributeId.MULTICAST_FORWARDING_TABLE, MulticastForwardingTable.LAYOUT,
                    MulticastForwardingTable::decode),
            new Codec(AttributeId.SM_INFO, SmInfo.LAYOUT, SmInfo::decode),
            new Codec(AttributeId.GENERAL_INFO, GeneralInfoCapabilities.LAYOUT, GeneralInfoCapabilities::decode),
            new Codec(AttributeId.QOS_CONFIG_SL, QosConfigSl.LAYOUT, QosConfigSl::decode),
            new Codec(AttributeId.MLNX_EXTENDED_PORT_INFO, MlnxExtendedPortInfo.LAYOUT,
                    MlnxExtendedPortInfo::decode),
            new Codec(AttributeId.VIRTUALIZATION_INFO, VirtualizationInfo.LAYOUT, VirtualizationInfo::decode),
            new Codec(AttributeId.VPORT_INFO, VPortInfo.LAYOUT, VPortInfo::decode),
            new Codec(AttributeId.VNODE_INFO, VNodeInfo.LAYOUT, VNodeInfo::decode),
            new Codec(AttributeId.VPORT_STATE, VPortState.LAYOUT, VPortState::decode),
            new Codec(AttributeId.VNODE_DESCRIPTION, VNodeDescription.LAYOUT, VNodeDescription::decode),
            new Codec(AttributeId.VPORT_GUID_INFO, VPortGuidInfo.LAYOUT, VPortGuidInfo::decode),
            new Codec(AttributeId.VPORT_P_KEY_TABLE, VPortPKeyTable.LAYOUT, VPortPKeyTable::decode));

    private SmpAttributes() {
    }

    private static Map<AttributeId, Codec> table(Codec... codecs) {
        Map<AttributeId, Codec> m = new LinkedHashMap<>();
        for (Codec c : codecs) {
            if (m.put(c.id(), c) != null) {
                throw new IllegalStateException("SMP attribute registered twice: " + c.id());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    /** All registered codecs, in attribute ID order. */
    public static Collection<Codec> all() {
        return CODECS.values();
    }

    /** The codec of an attribute, if it has one. */
    public static Optional<Codec> codec(AttributeId id) {
        return Optional.ofNullable(CODECS.get(id));
    }

    /** The layout of an attribute, if it has a codec. */
    public static Optional<Layout> layout(AttributeId id) {
        return codec(id).map(Codec::layout);
    }

    /**
     * Pretty-prints an SMP: one header line (class, method, attribute, modifier, status, TID), then the payload as
     * {@code name=value} lines from the attribute's layout, or as hex if the attribute has no codec, the MAD is not
     * an SMP or is too short. Never throws for any content of {@code mad}.
     *
     * @param mad the MAD, normally 256 bytes
     */
    public static String dump(byte[] mad) {
        if (mad == null) {
            return "no MAD\n";
        }
        if (mad.length < MadHeader.SIZE) {
            return "short MAD (" + mad.length + " bytes)\n" + hex(mad, 0, mad.length);
        }
        MadHeader h = MadHeader.decode(mad);
        AttributeId id = h.attribute();
        StringBuilder sb = new StringBuilder();
        String attr = id.name().contains("0x") ? id.name() : String.format("%s(0x%04x)", id.name(), id.value());
        sb.append(String.format("%s %s %s mod=0x%08x status=0x%04x tid=0x%016x\n", h.mgmtClassCode(),
                h.methodCode(), attr, h.attributeModifier(), h.status(), h.transactionId()));
        int available = Math.max(0, Math.min(Smp.DATA_SIZE, mad.length - Smp.DATA_OFFSET));
        Optional<Layout> layout = h.mgmtClassCode().isSmp() ? layout(id) : Optional.empty();
        if (available == 0) {
            sb.append("no payload\n");
        } else if (layout.isPresent() && layout.get().size() <= available) {
            sb.append(layout.get().dump(mad, Smp.DATA_OFFSET));
        } else {
            sb.append(hex(mad, Smp.DATA_OFFSET, available));
        }
        return sb.toString();
    }

    /** Hex lines of 16 bytes each, prefixed by the offset relative to {@code from}. */
    private static String hex(byte[] b, int from, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i += 16) {
            sb.append(String.format("%02x:", i));
            for (int j = i; j < Math.min(length, i + 16); j++) {
                sb.append(' ').append(String.format("%02x", b[from + j] & 0xFF));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
