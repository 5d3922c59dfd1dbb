package dev.jsm.sa.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import org.junit.jupiter.api.Test;

/** The matching rules of {@link NoticeMatch}: GID, LID range, IsGeneric, Type, TrapNumber/DeviceID, producer. */
class NoticeMatchTest {

    private static final Gid ISSUER = new Gid(0xfe80000000000000L, 0x0002c90000000201L);
    /** Generic trap 128, urgent, from a switch at LID 2. */
    private static final Notice TRAP_128 = new Notice(true, Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, 128, 2, 0, 0,
            new byte[Notice.DATA_DETAILS_LENGTH]);
    /** Vendor notice: VendorID 0x02c9, DeviceID 7, from LID 9. */
    private static final Notice VENDOR = new Notice(false, Notice.TYPE_INFORMATIONAL, 0x02c9, 7, 9, 0, 0,
            new byte[Notice.DATA_DETAILS_LENGTH]);

    private static InformInfo ii(Gid gid, int begin, int end, int generic, int type, int trap, int producer) {
        return new InformInfo(gid, begin, end, generic, 1, type, trap, 0, 0, producer);
    }

    private static InformInfo any(int generic) {
        return ii(Gid.ZERO, 0xFFFF, 0, generic, 0xFFFF, 0xFFFF, 0xFFFFFF);
    }

    @Test
    void wildcardsMatchEverythingOfTheRightKind() {
        assertThat(NoticeMatch.matches(any(1), TRAP_128, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(any(0), TRAP_128, ISSUER)).as("IsGeneric must agree").isFalse();
        assertThat(NoticeMatch.matches(any(0), VENDOR, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(any(1), VENDOR, ISSUER)).isFalse();
    }

    @Test
    void aGidMustBeTheIssuersAndThenTheLidRangeIsIgnored() {
        assertThat(NoticeMatch.matches(ii(ISSUER, 100, 200, 1, 0xFFFF, 0xFFFF, 0xFFFFFF), TRAP_128, ISSUER))
                .isTrue();
        assertThat(NoticeMatch.matches(ii(new Gid(ISSUER.prefix(), 5), 0xFFFF, 0, 1, 0xFFFF, 0xFFFF, 0xFFFFFF),
                TRAP_128, ISSUER)).isFalse();
    }

    @Test
    void theLidRangeHoldsTheIssuerLid() {
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 1, 2, 1, 0xFFFF, 0xFFFF, 0xFFFFFF), TRAP_128, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 2, 2, 1, 0xFFFF, 0xFFFF, 0xFFFFFF), TRAP_128, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 3, 9, 1, 0xFFFF, 0xFFFF, 0xFFFFFF), TRAP_128, ISSUER))
                .isFalse();
    }

    @Test
    void typeTrapNumberAndProducerMustEqualUnlessAll() {
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 1, Notice.TYPE_URGENT, 128, Notice.PRODUCER_SWITCH),
                TRAP_128, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 1, Notice.TYPE_FATAL, 0xFFFF, 0xFFFFFF), TRAP_128,
                ISSUER)).isFalse();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 1, 0xFFFF, 129, 0xFFFFFF), TRAP_128, ISSUER))
                .isFalse();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 1, 0xFFFF, 0xFFFF, Notice.PRODUCER_CA), TRAP_128,
                ISSUER)).isFalse();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 0, 0xFFFF, 7, 0x02c9), VENDOR, ISSUER)).isTrue();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 0, 0xFFFF, 8, 0x02c9), VENDOR, ISSUER)).isFalse();
        assertThat(NoticeMatch.matches(ii(Gid.ZERO, 0xFFFF, 0, 0, 0xFFFF, 7, 0x1234), VENDOR, ISSUER)).isFalse();
    }
}
