package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.text.CNumber;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** IPv6-form GIDs and C-style numbers as partitions.conf writes them. */
class MgidTest {

    @Test
    void parsesAndPrintsTheForms() {
        assertThat(Mgid.parse("ff12:401b::ffff:ffff")).isEqualTo(new Mgid(0xff12401b00000000L, 0xffffffffL));
        assertThat(Mgid.parse("ff12:401b:8001:0:0:0:ffff:ffff").toString()).isEqualTo("ff12:401b:8001::ffff:ffff");
        assertThat(Mgid.parse("::")).isEqualTo(new Mgid(0, 0));
        assertThat(Mgid.parse("::1").toString()).isEqualTo("::1");
        assertThat(Mgid.parse("ff12::").toString()).isEqualTo("ff12::");
        assertThat(Mgid.parse("FF12::1.2.3.4")).isEqualTo(new Mgid(0xff12000000000000L, 0x01020304L));
        assertThat(Mgid.ipoibBroadcast(0x0001).toString()).isEqualTo("ff12:401b:8001::ffff:ffff");
        Mgid g = Mgid.parse("ff15:601b::16");
        assertThat(g.scope()).isEqualTo(5);
        assertThat(g.isIp()).isTrue();
        assertThat(g.withScope(2).withIpPKey(0x8002).toString()).isEqualTo("ff12:601b:8002::16");
        assertThat(Mgid.parse("fe80::1").isMulticast()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ":", ":1", "1:", "ff12:::1", "1::2::3", "12345::", "g::", "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7", "::1.2.3", "::1.2.3.256", "1:2:3:4:5:6:7:1.2.3.4", "ff12::\u0661"})
    void rejectsMalformedText(String text) {
        assertThat(Mgid.parse(text)).isNull();
    }

    @Test
    void readsNumbersTheWayStrtoulDoes() {
        assertThat(CNumber.tryParseUnsigned("0x7fff", 0xFFFF)).hasValue(0x7fff);
        assertThat(CNumber.tryParseUnsigned("0X10", -1)).hasValue(16);
        assertThat(CNumber.tryParseUnsigned("32767", 0xFFFF)).hasValue(32767);
        assertThat(CNumber.tryParseUnsigned("010", -1)).hasValue(8);
        assertThat(CNumber.tryParseUnsigned("0", -1)).hasValue(0);
        assertThat(CNumber.tryParseUnsigned("0xffffffffffffffff", -1)).hasValue(-1L);
        assertThat(CNumber.tryParseUnsigned("18446744073709551615", -1)).hasValue(-1L);
        for (String bad : new String[] {"", "0x", "08", "1a", "-1", "+1", "0x1g", "18446744073709551616", "\u0661"}) {
            assertThat(CNumber.tryParseUnsigned(bad, -1)).as(bad).isEmpty();
        }
        assertThat(CNumber.tryParseUnsigned("0x10000", 0xFFFF)).isEmpty();
    }

    @Test
    void equalityAndHashFollowBothHalves() {
        Mgid a = new Mgid(0xff12401bffff0000L, 0xffffffffL);
        assertThat(a).isEqualTo(new Mgid(0xff12401bffff0000L, 0xffffffffL))
                .hasSameHashCodeAs(new Mgid(0xff12401bffff0000L, 0xffffffffL))
                .isNotEqualTo(new Mgid(0xff12401bffff0000L, 0xfffffffeL))
                .isNotEqualTo(new Mgid(0xff12401bffff0001L, 0xffffffffL))
                .isNotEqualTo(null);
    }
}
