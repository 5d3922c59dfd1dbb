package dev.jsm.sa.replica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.ServiceRid;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.state.SubscriptionKey;
import dev.jsm.sa.state.SubscriptionState;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ReplicaCodec}: the header and an entry byte by byte, every entry type both ways, bad frames refused. */
class ReplicaCodecTest {

    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x77);
    private static final Gid H2 = new Gid(0xfe80_0000_0000_0000L, 0x0002_c900_0000_2001L);

    @Test
    void aFrameIsItsHeaderThenItsEntries() {
        ReplicaFrame f = new ReplicaFrame(ReplicaFrame.Kind.DATA, ReplicaFrame.SNAPSHOT_ENDS, 0x01020304, 9,
                0x1122334455667788L, List.of(new ReplicaEntry.MemberGone(MGID, H2.interfaceId())));
        String hex = String.join("",
                "01", "01", "02", "01",                                  // version, DATA, ends a snapshot, 1 entry
                "01020304",                                              // epoch
                "0000000000000009",                                      // sequence number
                "1122334455667788",                                      // SM_Key
                "04",                                                    // MemberGone
                "ff12000000000000", "0000000000000077",                  // MGID
                "0002c90000002001");                                     // port GUID
        assertThat(HexFormat.of().formatHex(ReplicaCodec.encode(f))).isEqualTo(hex);
        byte[] padded = new byte[ReplicaFrame.MIN_BYTES];
        byte[] b = HexFormat.of().parseHex(hex);
        System.arraycopy(b, 0, padded, 0, b.length);
        assertThat(ReplicaCodec.decode(padded, 0, padded.length)).as("padding after the entries").isEqualTo(f);
    }

    @Test
    void everyEntryTravelsBothWaysAndTheLargestFitsTheSmallestFrame() {
        McMemberRecord params = new McMemberRecord(MGID, Gid.ZERO, 0x1234, 0xC001, 2, 5, 1, 0xFFFF, 2, 7, 2, 3, 4,
                0x12345, 6, 2, 1, 0);
        byte[] record = new byte[ServiceRecord.SIZE];
        new ServiceRecord(7, H2, 0xFFFF, 60, new byte[16], "svc", new byte[64]).encodeTo(record, 0);
        InformInfo ii = new InformInfo(Gid.ZERO, 0xFFFF, 0, 1, 1, 0xFFFF, 64, 0x48, 0x13, 0xFFFFFF);
        MadAddress.LidRouted to = new MadAddress.LidRouted(9, 0x48, MadAddress.QP1_QKEY, 3, 1);
        List<ReplicaEntry> all = List.of(
                new ReplicaEntry.GroupPut(new McastGroupState(params, true, H2, List.of())),
                new ReplicaEntry.GroupGone(MGID),
                new ReplicaEntry.MemberPut(MGID, new McastMemberState(H2, 2, 9, 1)),
                new ReplicaEntry.MemberGone(MGID, 5),
                new ReplicaEntry.ServicePut(new ServiceState(record, 60_000, 0x99)),
                new ReplicaEntry.ServicePut(new ServiceState(record, ServiceState.INFINITE, 0x99)),
                new ReplicaEntry.ServiceGone(new ServiceRid(7, H2, 0x7FFF)),
                new ReplicaEntry.SubscriptionPut(new SubscriptionState(new InformInfoRecord(H2, 3, ii), to)),
                new ReplicaEntry.SubscriptionGone(SubscriptionKey.of(to, ii)));
        int largest = 0;
        for (ReplicaEntry e : all) {
            ReplicaFrame f = new ReplicaFrame(ReplicaFrame.Kind.DATA, 0, 1, 2, 3, List.of(e));
            byte[] b = ReplicaCodec.encode(f);
            assertThat(b).hasSize(ReplicaFrame.HEADER_BYTES + ReplicaCodec.size(e));
            assertThat(ReplicaCodec.decode(b, 0, b.length)).isEqualTo(f);
            largest = Math.max(largest, b.length);
        }
        assertThat(largest).isEqualTo(213).isLessThanOrEqualTo(ReplicaFrame.MIN_BYTES);
    }

    @Test
    void aLeaseTravelsInWholeSecondsRoundedUp() {
        byte[] record = new byte[ServiceRecord.SIZE];
        ReplicaFrame f = new ReplicaFrame(ReplicaFrame.Kind.DATA, 0, 1, 2, 3, List.of(new ReplicaEntry.ServicePut(
                new ServiceState(record, 1_001, 0))));
        byte[] b = ReplicaCodec.encode(f);
        ReplicaEntry.ServicePut back = (ReplicaEntry.ServicePut) ReplicaCodec.decode(b, 0, b.length).entries().get(0);
        assertThat(back.service().leftMillis()).isEqualTo(2_000);
    }

    @Test
    void framesOfAnotherVersionKindOrCutShortAreRefused() {
        byte[] b = ReplicaCodec.encode(new ReplicaFrame(ReplicaFrame.Kind.DATA, 0, 1, 2, 3,
                List.of(new ReplicaEntry.GroupGone(MGID))));
        byte[] version = b.clone();
        version[0] = 2;
        assertThatThrownBy(() -> ReplicaCodec.decode(version, 0, version.length)).hasMessageContaining("version 2");
        byte[] kind = b.clone();
        kind[1] = 9;
        assertThatThrownBy(() -> ReplicaCodec.decode(kind, 0, kind.length)).hasMessageContaining("kind 9");
        assertThatThrownBy(() -> ReplicaCodec.decode(b, 0, b.length - 1)).hasMessageContaining("cut short");
        byte[] type = b.clone();
        type[ReplicaFrame.HEADER_BYTES] = 42;
        assertThatThrownBy(() -> ReplicaCodec.decode(type, 0, type.length)).hasMessageContaining("type 42");
    }
}
