package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for P_KeyTable and GUIDInfo on bytes we did not produce: P_Key tables OpenSM's partition manager
 * programmed into ibsim from {@code Default=0x7fff : ALL=full} and
 * {@code storage=0x0a0b : ALL_CAS=limited, 0x0002c90300c0ffe1=full}, and ibsim's GUIDInfo answer, read with
 * {@code smpdump} by {@code scripts/capture-golden.sh}. Expected values are what {@code smpquery pkeys} /
 * {@code smpquery guidinfo} printed.
 */
class PKeyGuidGoldenTest {

    /** smpdump -D 0,1,18 0x16 0: CA hca-far, block 0; full member of partition 0x0a0b. */
    static final byte[] PKEYS_FULL = HexFixture.parse("""
            ffff                // P_Key[0]: default partition, full member
            8a0b                // P_Key[1]: partition 0x0a0b, full member (bit 15 set)
            0000*30             // P_Key[2..31]: unused
            """);

    /** smpdump -D 0 0x16 0: CA hca-sm, block 0; limited member of partition 0x0a0b. */
    static final byte[] PKEYS_LIMITED = HexFixture.parse("""
            ffff                // P_Key[0]: default partition, full member
            0a0b                // P_Key[1]: partition 0x0a0b, limited member (bit 15 clear)
            0000*30             // P_Key[2..31]: unused
            """);

    /** smpdump -D 0,1,18 0x14 0: CA hca-far, block 0 (ibsim fills only GUID 0, the port GUID). */
    static final byte[] GUID_INFO = HexFixture.parse("""
            0002c90300c0ffe1    // GUID[0]: the port GUID
            0000000000000000*7  // GUID[1..7]: no alias GUIDs
            """);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(PKEYS_FULL).isEqualTo(GoldenCaptures.payload("P_KeyTable, CA hca-far block 0"));
        assertThat(PKEYS_LIMITED).isEqualTo(GoldenCaptures.payload("P_KeyTable, CA hca-sm block 0"));
        assertThat(GUID_INFO).isEqualTo(GoldenCaptures.payload("GUIDInfo, CA hca-far block 0"));
    }

    @Test
    void fullMemberTableMatchesSmpquery() {
        //    0: 0xffff 0x8a0b 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
        //    8: 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
        //   16: 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
        //   24: 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
        PKeyTable t = PKeyTable.decode(PKEYS_FULL, 0);
        int[] expected = new int[PKeyTable.ENTRIES];
        expected[0] = 0xffff;
        expected[1] = 0x8a0b;
        assertThat(t.pKeys()).containsExactly(expected);
        assertThat(t.isFullMember(0)).isTrue();
        assertThat(t.isFullMember(1)).isTrue();
        assertThat(t.pKeyBase(1)).isEqualTo(0x0a0b);
        assertThat(NodeGoldenTest.reencoded(t::encodeTo)).isEqualTo(PKEYS_FULL);
    }

    @Test
    void limitedMemberTableMatchesSmpquery() {
        //    0: 0xffff 0x0a0b 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
        //    8: 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000   (and zeros up to 31)
        PKeyTable t = PKeyTable.decode(PKEYS_LIMITED, 0);
        assertThat(t.pKey(0)).isEqualTo(PKeyTable.DEFAULT_PKEY);
        assertThat(t.pKey(1)).isEqualTo(0x0a0b);
        assertThat(t.isFullMember(1)).isFalse();
        assertThat(t.pKeyBase(1)).isEqualTo(0x0a0b);
        for (int i = 2; i < PKeyTable.ENTRIES; i++) {
            assertThat(t.pKey(i)).isZero();
        }
        assertThat(NodeGoldenTest.reencoded(t::encodeTo)).isEqualTo(PKEYS_LIMITED);
        assertThat(PKeyTable.modifier(0, 0)).isZero();
    }

    @Test
    void guidInfoMatchesSmpquery() {
        //    0: 0x0002c90300c0ffe1 0x0000000000000000
        //    2: 0x0000000000000000 0x0000000000000000
        //    4: 0x0000000000000000 0x0000000000000000
        //    6: 0x0000000000000000 0x0000000000000000
        GuidInfo g = GuidInfo.decode(GUID_INFO, 0);
        assertThat(g).isEqualTo(new GuidInfo(new long[] {0x0002c90300c0ffe1L, 0, 0, 0, 0, 0, 0, 0}));
        assertThat(g.guid(0)).isEqualTo(0x0002c90300c0ffe1L);
        assertThat(NodeGoldenTest.reencoded(g::encodeTo)).isEqualTo(GUID_INFO);
    }
}
