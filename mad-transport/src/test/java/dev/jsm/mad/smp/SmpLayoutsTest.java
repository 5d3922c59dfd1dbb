package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Smp;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every SMP layout (the attributes, the common MAD header and both SMP formats) covers each bit of its size
 * exactly once, with reserved bits listed explicitly, and has the size the IBA gives it.
 */
class SmpLayoutsTest {

    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of(NodeDescription.LAYOUT, 64),
                Arguments.of(NodeInfo.LAYOUT, 40),
                Arguments.of(SwitchInfo.LAYOUT, 20),
                Arguments.of(GuidInfo.LAYOUT, 64),
                Arguments.of(PortInfo.LAYOUT, 64),
                Arguments.of(PKeyTable.LAYOUT, 64),
                Arguments.of(SlToVlMappingTable.LAYOUT, 8),
                Arguments.of(VlArbitrationTable.LAYOUT, 64),
                Arguments.of(LinearForwardingTable.LAYOUT, 64),
                Arguments.of(MulticastForwardingTable.LAYOUT, 64),
                Arguments.of(SmInfo.LAYOUT, 21),
                Arguments.of(Notice.LAYOUT, 64),
                Arguments.of(GeneralInfoCapabilities.LAYOUT, 64),
                Arguments.of(QosConfigSl.LAYOUT, 64),
                Arguments.of(MlnxExtendedPortInfo.LAYOUT, 64),
                Arguments.of(VirtualizationInfo.LAYOUT, 64),
                Arguments.of(VPortInfo.LAYOUT, 64),
                Arguments.of(VNodeInfo.LAYOUT, 64),
                Arguments.of(VPortState.LAYOUT, 64),
                Arguments.of(VNodeDescription.LAYOUT, 64),
                Arguments.of(VPortGuidInfo.LAYOUT, 64),
                Arguments.of(VPortPKeyTable.LAYOUT, 64),
                Arguments.of(MadHeader.LAYOUT, 24),
                Arguments.of(Smp.DR_LAYOUT, 256),
                Arguments.of(Smp.LID_LAYOUT, 256));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void coversEveryBitOnce(Layout layout, int size) {
        assertThat(layout.size()).isEqualTo(size);
        assertThat(layout.uncoveredBits()).isZero();
        int end = 0;
        for (Field f : layout.fields()) {
            assertThat(f.bitOffset()).as("%s starts where the previous field ends", f).isEqualTo(end);
            end = f.bitOffset() + f.bitWidth();
        }
        assertThat(end).isEqualTo(size * 8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void namesFieldsUniquely(Layout layout, int size) {
        Set<String> names = new HashSet<>();
        for (Field f : layout.fields()) {
            assertThat(names.add(f.name())).as("duplicate field name %s", f.name()).isTrue();
        }
    }

    @Test
    void everyRegisteredCodecIsCovered() {
        List<Layout> tested = layouts().map(a -> (Layout) a.get()[0]).toList();
        for (SmpAttributes.Codec c : SmpAttributes.all()) {
            assertThat(tested).as("layout test for %s", c.id()).contains(c.layout());
        }
    }

    @Test
    void tableLayoutsNameTheirEntries() {
        assertThat(LinearForwardingTable.LAYOUT.field("Port[63]").byteOffset()).isEqualTo(63);
        assertThat(MulticastForwardingTable.LAYOUT.field("PortMask[31]").byteOffset()).isEqualTo(62);
        assertThat(PKeyTable.LAYOUT.field("P_Key[1]").byteOffset()).isEqualTo(2);
        assertThat(GuidInfo.LAYOUT.field("GUID[7]").byteOffset()).isEqualTo(56);
        assertThat(SlToVlMappingTable.LAYOUT.field("SL1toVL").bitOffset()).isEqualTo(4);
        assertThat(VlArbitrationTable.LAYOUT.field("VL[1]").bitOffset()).isEqualTo(16 + 4);
        assertThat(VlArbitrationTable.LAYOUT.field("Weight[1]").byteOffset()).isEqualTo(3);
        assertThat(VPortState.LAYOUT.field("VPortState[1]").bitOffset()).isEqualTo(4);
        assertThat(VPortState.LAYOUT.field("VPortState[127]").byteOffset()).isEqualTo(63);
        assertThat(QosConfigSl.LAYOUT.field("RateLimit[0]").bitOffset()).isEqualTo(12);
        assertThat(QosConfigSl.LAYOUT.field("BandwidthShare[15]").byteOffset()).isEqualTo(60);
        assertThat(VPortGuidInfo.LAYOUT.field("GUID[7]").byteOffset()).isEqualTo(56);
        assertThat(VPortPKeyTable.LAYOUT.field("P_Key[31]").byteOffset()).isEqualTo(62);
    }

    @Test
    void rejectsOverlappingOrOversizedFields() {
        assertThatThrownBy(() -> Layout.of("bad", 2, Field.u16("A", 0), Field.u8("B", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlaps");
        assertThatThrownBy(() -> Layout.of("bad", 2, Field.u16("A", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ends beyond");
    }
}
