package dev.jsm.sa.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.ServiceRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SaDumpWriter} and {@link SaDumpReader}: the lines OpenSM 3.3.23 prints (docs/reference/sa-dump-file.md),
 * read back to the same state; a damaged file's errors name file:line and what was expected while its good records
 * are kept; what jsm does not restore is noted.
 */
class SaDumpFileTest {

    private static final long NOW = 1_700_000_000_000L;
    private static final long PREFIX = 0xfe80_0000_0000_0000L;
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x77);
    private static final Gid BROADCAST = new Gid(0xff12_401b_ffff_0000L, 0xffff_ffffL);
    private static final Gid H2 = new Gid(PREFIX, 0x0002_c900_0000_2001L);
    private static final Gid H3 = new Gid(PREFIX, 0x0002_c900_0000_3001L);

    /**
     * The state's file, as OpenSM prints it: the well-known group (two spaces before its mark, none member), the
     * created group (MTU byte 0x85: selector exactly, 4096; rate 0x87: exactly, 40 Gb/s; sl_flow_hop: SL 0,
     * FlowLabel 0, HopLimit 0; scope_state 0x21: link-local, full member) with H2 full and H3 send-only non-member;
     * a subscription of H3 to trap 64 (qpn_resp_time_val = QPN 0x48 << 8 | RespTimeValue 0x13); a ServiceRecord of
     * H2 with 40 s of its 60 s lease left (modified_time: when the state was taken, 1,700,000,000 s).
     */
    private static final String FILE = """
            MC Group 0xc000  (well known): mgid=0xff12401bffff0000:0x00000000ffffffff \
            port_gid=0x0000000000000000:0x0000000000000000 qkey=0x00000b1b mlid=0xc000 mtu=0x84 tclass=0x00 \
            pkey=0xffff rate=0x83 pkt_life=0x92 sl_flow_hop=0x00000000 scope_state=0x21 proxy_join=0x0

            MC Group 0xc001 : mgid=0xff12000000000000:0x0000000000000077 \
            port_gid=0xfe80000000000000:0x0002c90000002001 qkey=0x00001234 mlid=0xc001 mtu=0x85 tclass=0x00 \
            pkey=0xffff rate=0x87 pkt_life=0x80 sl_flow_hop=0x00000000 scope_state=0x21 proxy_join=0x0

            mcm_port: port_gid=0xfe80000000000000:0x0002c90000002001 scope_state=0x21 proxy_join=0x0

            mcm_port: port_gid=0xfe80000000000000:0x0002c90000003001 scope_state=0x24 proxy_join=0x1

            InformInfo Record: subscriber_gid=0xfe80000000000000:0x0002c90000003001 subscriber_enum=0x0 \
            InformInfo: gid=0x0000000000000000:0x0000000000000000 lid_range_begin=0xffff lid_range_end=0x0 \
            is_generic=0x1 subscribe=0x1 trap_type=0xffff trap_num=0x40 qpn_resp_time_val=0x4813 \
            node_type=0xffffff rep_addr: lid=0x0009 path_bits=0x00 static_rate=0x00 remote_qp=0x00000048 \
            remote_qkey=0x80010000 pkey_ix=0x0000 sl=0x00

            Service Record: id=0x1000000000000001 gid=0xfe80000000000000:0x0002c90000002001 pkey=0xffff \
            lease=0x3c key=0x0102030405060708:0x090a0b0c0d0e0f10 name='jsm test' \
            data8=0x0100000000000000:0x0000000000000000 data16=0x0002000000000000:0x0000000000000000 \
            data32=0x0000000300000000:0x0000000000000000 data64=0x0000000000000004:0x0000000000000000 \
            modified_time=0x6553f100 lease_period=0x28

            """;

    @Test
    void aStateIsWrittenLineForLineAsOpenSmPrintsIt() throws IOException {
        StringBuilder out = new StringBuilder();
        assertThat(SaDumpWriter.write(state(), out)).isEmpty();
        assertThat(out.toString()).isEqualTo(FILE);
    }

    @Test
    void theFileReadsBackToTheSameState() throws IOException {
        SaDumpReader.Result r = read(FILE, NOW);
        assertThat(r.errors()).isEmpty();
        assertThat(r.notes()).isEmpty();
        SaState expected = state();
        assertThat(r.state().groups()).isEqualTo(expected.groups());
        assertThat(r.state().subscriptions()).isEqualTo(expected.subscriptions());
        assertThat(r.state().services()).as("owned by the port its ServiceGID names").containsExactly(
                new ServiceState(expected.services().get(0).record(), 40_000, H2.interfaceId()));
    }

    @Test
    void aLeaseIsCountedFromModifiedTimeAndOneThatRanOutIsNotRestored() throws IOException {
        assertThat(read(FILE, NOW + 15_500).state().services().get(0).leftMillis()).isEqualTo(24_500);
        SaDumpReader.Result r = read(FILE, NOW + 40_000);
        assertThat(r.state().services()).isEmpty();
        assertThat(r.notes()).containsExactly("1 ServiceRecords not restored: their leases ran out");
        assertThat(r.damaged()).isFalse();
    }

    @Test
    void aDamagedLineIsAnErrorWithFileAndLineAndTheOtherRecordsAreKept() throws IOException {
        String damaged = FILE.replace("qkey=0x00001234", "qkey=0x1x234").replace("remote_qp=0x00000048",
                "remote_qp=0x100000048").replace("name='jsm test'", "name='jsm test");
        SaDumpReader.Result r = read(damaged, NOW);
        assertThat(r.damaged()).isTrue();
        assertThat(r.errors()).containsExactly(
                "opensm-sa.dump:3: expected a hexadecimal number of at most 32 bits after \"qkey=0x\"",
                "opensm-sa.dump:9: expected a hexadecimal number of at most 32 bits after \"remote_qp=0x\"",
                "opensm-sa.dump:11: expected the name after \"name=\" to end with '");
        assertThat(r.state().groups()).as("the group whose line failed goes with its members")
                .extracting(McastGroupState::mgid).containsExactly(BROADCAST);
        assertThat(r.state().subscriptions()).isEmpty();
        assertThat(r.state().services()).isEmpty();
    }

    @Test
    void aMissingFieldIsNamedWithItsColumn() throws IOException {
        SaDumpReader.Result r = read("MC Group 0xc001 : mgid=0xff12000000000000:0x0000000000000077 qkey=0x1\n", NOW);
        assertThat(r.errors()).containsExactly("opensm-sa.dump:1: expected \"port_gid=0x\" after column 61");
    }

    @Test
    void commentsAndEmptyLinesAreSkippedAndWhatIsNotRestoredIsNoted() throws IOException {
        String file = """
                # written by hand
                GUIDInfo Record: base_guid=0x0002c90000002001 lid=0x0008 block_num=0x0 \
                guid0=0x0002c90000002001 guid1=0x0002c9000000a001 guid2=0x0 guid3=0x0 guid4=0x0 guid5=0x0 \
                guid6=0x0 guid7=0x0

                mcm_port: port_gid=0xfe80000000000000:0x0002c90000003001 scope_state=0x21 proxy_join=0x0
                Something else
                """;
        SaDumpReader.Result r = read(file, NOW);
        assertThat(r.damaged()).isFalse();
        assertThat(r.notes()).containsExactly("opensm-sa.dump:4: a member outside any group, ignored",
                "opensm-sa.dump:5: not a line of opensm-sa.dump, ignored",
                "1 GUIDInfo records not restored: jsm's SA assigns no alias GUIDs");
        assertThat(r.state().groups()).isEmpty();
    }

    @Test
    void aNameWithBothQuotesCannotBeReadBackByOpenSmAndIsLeftOut() throws IOException {
        byte[] b = service().record();
        ServiceRecord.SERVICE_NAME.putText(b, 0, "it's \"x\"");
        StringBuilder out = new StringBuilder();
        List<String> leftOut = SaDumpWriter.write(new SaState(NOW, List.of(), List.of(new ServiceState(b,
                ServiceState.INFINITE, 1)), List.of()), out);
        assertThat(out).isEmpty();
        assertThat(leftOut).hasSize(1);
        ServiceRecord.SERVICE_NAME.putText(b, 0, "it's");
        SaDumpWriter.write(new SaState(NOW, List.of(), List.of(new ServiceState(b, ServiceState.INFINITE, 1)),
                List.of()), out);
        assertThat(out.toString()).contains(" name=\"it's\" ").contains("lease_period=0xffffffff");
        assertThat(read(out.toString(), NOW).state().services().get(0).record()).isEqualTo(b);
    }

    /**
     * reference-opensm-sa.dump: written by the reference OpenSM 3.3.23 under ibsim (scripts/capture-sa-dump.sh):
     * groups ff12::77 (h2 and h3 full members, h4 send-only non-member), ff12::78 and the partition's broadcast
     * group, h3's subscriptions to traps 65 and 64 (both Enum 0, Report Q_Key 0), a ServiceRecord of h3 that never
     * expires and one of h2 with 3599 of its 3600 s left at modified_time.
     */
    @Test
    void aFileTheReferenceWroteIsReadWholeAndWrittenBackLineForLine() throws IOException {
        String file = new String(SaDumpFileTest.class.getResourceAsStream("reference-opensm-sa.dump").readAllBytes(),
                StandardCharsets.ISO_8859_1);
        long modified = 0x6b16e26bL * 1000;
        SaDumpReader.Result r = read(file, modified + 500);
        assertThat(r.errors()).isEmpty();
        assertThat(r.notes()).isEmpty();
        SaState s = r.state();
        assertThat(s.groups()).extracting(McastGroupState::mlid).containsExactly(0xC001, 0xC002, 0xC000);
        assertThat(s.groups()).extracting(McastGroupState::wellKnown).containsExactly(false, false, true);
        McastGroupState g = s.groups().get(0);
        assertThat(g.creator()).isEqualTo(new Gid(PREFIX, 0x100003));
        assertThat(g.params().mtu()).as("2048, ibsim's MTU").isEqualTo(4);
        assertThat(g.params().mtuSelector()).isEqualTo(2);
        assertThat(g.members()).containsExactly(new McastMemberState(new Gid(PREFIX, 0x100003), 2, 1, 0),
                new McastMemberState(new Gid(PREFIX, 0x100005), 2, 1, 0),
                new McastMemberState(new Gid(PREFIX, 0x100007), 2, 4, 0));
        assertThat(s.subscriptions()).extracting(x -> x.record().informInfo().trapNumberOrDeviceId())
                .containsExactly(65, 64);
        assertThat(s.subscriptions().get(0).reportTo()).isEqualTo(new MadAddress.LidRouted(4, 1, 0, 0, 0));
        assertThat(s.services()).extracting(ServiceState::leftMillis).containsExactly(ServiceState.INFINITE,
                3599 * 1000L - 500);
        assertThat(SaDumpWriter.name(s.services().get(1).record())).isEqualTo("h2-lease");

        StringBuilder again = new StringBuilder();
        SaDumpWriter.write(read(file, modified).state(), again);
        assertThat(again.toString()).isEqualTo(file);
    }

    private static SaDumpReader.Result read(String text, long now) throws IOException {
        return SaDumpReader.read(new BufferedReader(new StringReader(text)), "opensm-sa.dump", now);
    }

    private static SaState state() {
        McMemberRecord wellKnown = new McMemberRecord(BROADCAST, Gid.ZERO, 0x0B1B, 0xC000, 2, 4, 0, 0xFFFF, 2, 3, 2,
                18, 0, 0, 0, 2, 1, 0);
        McMemberRecord created = new McMemberRecord(MGID, Gid.ZERO, 0x1234, 0xC001, 2, 5, 0, 0xFFFF, 2, 7, 2, 0, 0, 0,
                0, 2, 1, 0);
        List<McastGroupState> groups = List.of(new McastGroupState(wellKnown, true, Gid.ZERO, List.of()),
                new McastGroupState(created, false, H2, List.of(new McastMemberState(H2, 2, 1, 0),
                        new McastMemberState(H3, 2, 4, 1))));
        InformInfo ii = new InformInfo(Gid.ZERO, 0xFFFF, 0, 1, 1, 0xFFFF, 64, 0x48, 0x13, 0xFFFFFF);
        SubscriptionState sub = new SubscriptionState(new InformInfoRecord(H3, 0, ii),
                new MadAddress.LidRouted(9, 0x48, MadAddress.QP1_QKEY, 0, 0));
        return new SaState(NOW, groups, List.of(service()), List.of(sub));
    }

    private static ServiceState service() {
        byte[] key = HexFormat.of().parseHex("0102030405060708090a0b0c0d0e0f10");
        byte[] data = new byte[ServiceRecord.DATA_SIZE];
        data[0] = 1;
        data[17] = 2;
        data[35] = 3;
        data[55] = 4;
        byte[] b = new byte[ServiceRecord.SIZE];
        new ServiceRecord(0x1000_0000_0000_0001L, H2, 0xFFFF, 60, key, "jsm test", data).encodeTo(b, 0);
        return new ServiceState(b, 39_001, 0x77);
    }
}
