package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for SMInfo and Notice on bytes we did not produce, captured by {@code scripts/capture-golden.sh}:
 * <ul>
 *   <li>SMInfo: ibsim's SMAs do not implement it; ibsim hands the Get to the SM client on the port, so these bytes
 *       are OpenSM's own answer ({@code sm_priority 5}, {@code sm_key 0x0123456789abcdef}), as {@code smpdump}
 *       received them;</li>
 *   <li>Notice: the Trap 144 (local changes) ibsim's CA SMA sent to OpenSM after {@code ibportstate} changed
 *       LinkSpeedEnabled of hca-far's port, cut out of ibsim's own packet dump ({@code ibsim -v -v -v}); the
 *       expected values are OpenSM's decoding of that trap from its log.</li>
 * </ul>
 */
class SmInfoNoticeGoldenTest {

    /** smpdump -D 0 0x20 0: OpenSM (master) on hca-sm. */
    static final byte[] SM_INFO = HexFixture.parse("""
            0002c90300a1b2c1    // GUID: the SM's port GUID
            0123456789abcdef    // SM_Key (shown: the requester's M_Key check passes with ProtectBits 0)
            00000150            // ActCount: 336
            53                  // Priority(7:4) = 5 | SMState(3:0) = 3 master
            00*43               // bytes 21..63: beyond the 21-byte attribute
            """);

    /** The Notice of the Trap 144 from hca-far (LID 4), MAD bytes 64..127 of ibsim's SubnTrap. */
    static final byte[] TRAP_144 = HexFixture.parse("""
            84                  // IsGeneric(7) = 1 | Type(6:0) = 4 informational
            000001              // ProducerType: 1 channel adapter
            0090                // TrapNumber: 144
            0004                // IssuerLID: 4
            0000                // NoticeToggle(15) = 0 | NoticeCount(14:0) = 0
            0000                // DataDetails[0..1]: reserved
            0004                // DataDetails[2..3]: LID 4
            00                  // DataDetails[4]: reserved
            00                  // DataDetails[5]: OtherLocalChanges
            0050c048            // DataDetails[6..9]: the port's new CapabilityMask
            0000                // DataDetails[10..11]: ChangeFlags
            0000                // DataDetails[12..13]: CapabilityMask2
            00*40               // DataDetails[14..53]
            """);

    /** Trap 144 DataDetails fields, offsets relative to DataDetails (docs/reference/mad-formats.md#notice). */
    private static final Field TRAP144_LID = Field.u16("LID", 2);
    private static final Field TRAP144_OTHER_LOCAL_CHANGES = Field.u8("OtherLocalChanges", 5);
    private static final Field TRAP144_CAPABILITY_MASK = Field.u32("CapabilityMask", 6);
    private static final Field TRAP144_CHANGE_FLAGS = Field.u16("ChangeFlags", 10);
    private static final Field TRAP144_CAPABILITY_MASK2 = Field.u16("CapabilityMask2", 12);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(SM_INFO).isEqualTo(GoldenCaptures.payload("SMInfo, OpenSM on hca-sm"));
        assertThat(TRAP_144).isEqualTo(GoldenCaptures.payload("Notice, Trap 144 from CA hca-far (ibsim -> OpenSM)"));
    }

    @Test
    void smInfoMatchesSminfo() {
        // sminfo: sm lid 0 sm guid 0x2c90300a1b2c1, activity count 337 priority 5 state 3 SMINFO_MASTER
        // (sminfo asked once more after smpdump; OpenSM's counter had moved from 336 to 337 in between)
        SmInfo sm = SmInfo.decode(SM_INFO, 0);
        assertThat(sm).isEqualTo(new SmInfo(0x0002c90300a1b2c1L, 0x0123456789abcdefL, 336, 5,
                SmInfo.STATE_MASTER));
        assertThat(NodeGoldenTest.reencoded(sm::encodeTo)).isEqualTo(SM_INFO);
    }

    @Test
    void trap144MatchesOpenSmsDecoding() {
        // log_trap_info: Received Generic Notice type:4 num:144 (...) Producer:1 (Channel Adapter) from LID:4
        Notice n = Notice.decode(TRAP_144, 0);
        assertThat(n.generic()).isTrue();
        assertThat(n.type()).isEqualTo(Notice.TYPE_INFORMATIONAL);          // type.....................4
        assertThat(n.producerTypeOrVendorId()).isEqualTo(Notice.PRODUCER_CA); // prod_type................1
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(144);                // trap_num.................144
        assertThat(n.issuerLid()).isEqualTo(4);                             // from LID:4
        assertThat(n.noticeToggle()).isZero();
        assertThat(n.noticeCount()).isZero();
        byte[] details = n.dataDetails();
        assertThat(details).hasSize(Notice.DATA_DETAILS_LENGTH);
        assertThat(TRAP144_LID.getInt(details, 0)).isEqualTo(4);                          // lid......4
        assertThat(TRAP144_OTHER_LOCAL_CHANGES.getInt(details, 0)).isZero();              // local_changes....0
        assertThat(TRAP144_CAPABILITY_MASK.getLong(details, 0)).isEqualTo(0x0050c048L);   // new_cap_mask.0x0050c048
        assertThat(TRAP144_CHANGE_FLAGS.getInt(details, 0)).isZero();                     // change_flags.....0x0
        assertThat(TRAP144_CAPABILITY_MASK2.getInt(details, 0)).isZero();                 // cap_mask2........0x0
        assertThat(NodeGoldenTest.reencoded(n::encodeTo)).isEqualTo(TRAP_144);
    }
}
