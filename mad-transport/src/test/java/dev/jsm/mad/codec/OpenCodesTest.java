package dev.jsm.mad.codec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The open enumerations accept every wire value (Netty {@code DnsRecordTypeTest} style): {@code valueOf} never
 * throws, round-trips the value, returns the named constant for known values and an unnamed, still comparable code
 * for unknown ones.
 */
class OpenCodesTest {

    @Test
    void unknownAttributeIdsRoundTrip() {
        AttributeId id = AttributeId.valueOf(0x1234);
        assertThat(id.value()).isEqualTo(0x1234);
        assertThat(id.name()).isEqualTo("UNKNOWN_ATTRIBUTE(0x1234)");
        assertThat(id).isEqualTo(AttributeId.valueOf(0x1234)).hasSameHashCodeAs(AttributeId.valueOf(0x1234));
        assertThat(id).isNotEqualTo(AttributeId.NODE_INFO);
        assertThat(AttributeId.valueOf(0xFF90).value()).isEqualTo(0xFF90);
    }

    @Test
    void knownValuesGiveTheConstants() {
        assertThat(AttributeId.valueOf(0x0011)).isSameAs(AttributeId.NODE_INFO);
        assertThat(AttributeId.valueOf(0x0019)).isSameAs(AttributeId.LINEAR_FORWARDING_TABLE);
        assertThat(Method.valueOf(0x81)).isSameAs(Method.GET_RESP);
        assertThat(MgmtClass.valueOf(0x81)).isSameAs(MgmtClass.SUBN_DIRECTED_ROUTE);
        assertThat(MadStatus.valueOf(0x1C)).isSameAs(MadStatus.INVALID_FIELD);
    }

    @Test
    void everyWireValueRoundTrips() {
        for (int v = 0; v <= 0xFFFF; v++) {
            assertThat(AttributeId.valueOf(v).value()).isEqualTo(v);
            assertThat(MadStatus.valueOf(v).value()).isEqualTo(v);
        }
        for (int v = 0; v <= 0xFF; v++) {
            assertThat(Method.valueOf(v).value()).isEqualTo(v);
            assertThat(MgmtClass.valueOf(v).value()).isEqualTo(v);
        }
    }

    @Test
    void valuesWiderThanTheFieldAreTruncatedNotRejected() {
        assertThat(AttributeId.valueOf(0x1_0011)).isSameAs(AttributeId.NODE_INFO);
        assertThat(AttributeId.valueOf(-1).value()).isEqualTo(0xFFFF);
        assertThat(Method.valueOf(0x181)).isSameAs(Method.GET_RESP);
        assertThat(MgmtClass.valueOf(-1).value()).isEqualTo(0xFF);
        assertThat(MadStatus.valueOf(0x7_001C)).isSameAs(MadStatus.INVALID_FIELD);
    }

    @Test
    void unknownCodesHaveDistinctNamesPerType() {
        assertThat(Method.valueOf(0x7F).name()).isEqualTo("UNKNOWN_METHOD(0x7f)");
        assertThat(MgmtClass.valueOf(0x42).name()).isEqualTo("UNKNOWN_CLASS(0x42)");
        assertThat(MadStatus.valueOf(0x0700).name()).isEqualTo("STATUS(0x0700)");
        assertThat(MadStatus.valueOf(0x0700).isOk()).isFalse();
        assertThat(Method.valueOf(0x92).isResponse()).isTrue();
        assertThat((Object) Method.valueOf(0x11)).isNotEqualTo(AttributeId.valueOf(0x11));
    }
}
