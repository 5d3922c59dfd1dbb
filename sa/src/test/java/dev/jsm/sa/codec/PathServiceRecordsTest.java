package dev.jsm.sa.codec;

import static dev.jsm.sa.codec.NodePortRecordsTest.encoded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.codec.HexFixture;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * PathRecord, ServiceRecord, MCMemberRecord, InformInfo and ClassPortInfo: annotated bytes laid out from
 * docs/reference/mad-formats.md#sa-records -> record -> the same bytes, and the component tables.
 */
class PathServiceRecordsTest {

    private static final Gid HCA_FAR = new Gid(0xfe80000000000000L, 0x0002c90300a1b2c4L);
    private static final Gid HCA_SM = new Gid(0xfe80000000000000L, 0x0002c90300a1b2c2L);

    static final byte[] PATH_RECORD = HexFixture.parse("""
            0000000000000000    // ServiceID
            fe80000000000000 0002c90300a1b2c4   // DGID
            fe80000000000000 0002c90300a1b2c2   // SGID
            0004 0002           // DLID 4, SLID 2
            01234540            // RawTraffic(31) 0 | reserved(30:28) | FlowLabel(27:8) 0x12345 | HopLimit 0x40
            00                  // TClass 0
            81                  // Reversible(7) 1 | NumbPath(6:0) 1
            ffff                // P_Key 0xffff
            0003                // QoSClass(15:4) 0 | SL(3:0) 3
            84                  // MTUSelector(7:6) 2 exactly | MTU(5:0) 4 = 2048
            83                  // RateSelector 2 | Rate 3 = 10 Gb/s
            92                  // PacketLifeTimeSelector 2 | PacketLifeTime 18
            00                  // Preference 0
            000000000000        // reserved
            """);

    static final byte[] SERVICE_RECORD = HexFixture.parse("""
            1000000000000001    // ServiceID
            fe80000000000000 0002c90300a1b2c4   // ServiceGID
            ffff 0000           // ServiceP_Key, reserved
            0000003c            // ServiceLease 60 s
            000102030405060708090a0b0c0d0e0f    // ServiceKey
            6a736d2d74657374    // ServiceName "jsm-test"
            00*56               // ServiceName NUL padding to 64 bytes
            11 22 00*14         // ServiceData8[0..15]
            3344 0000*7         // ServiceData16[0..7]
            55667788 00000000*3 // ServiceData32[0..3]
            99aabbccddeeff00 0000000000000000   // ServiceData64[0..1]
            """);

    static final byte[] MC_MEMBER_RECORD = HexFixture.parse("""
            ff12401bffff0000 00000000ffffffff   // MGID: IPoIB broadcast group of P_Key 0xffff, link scope
            fe80000000000000 0002c90300a1b2c4   // PortGID
            00000b1b            // Q_Key 0x0b1b (IPoIB)
            c000                // MLID 0xc000
            84                  // MTUSelector 2 | MTU 4
            00                  // TClass
            ffff                // P_Key
            83                  // RateSelector 2 | Rate 3
            92                  // PacketLifeTimeSelector 2 | PacketLifeTime 18
            00000000            // SL(31:28) 0 | FlowLabel(27:8) 0 | HopLimit 0
            21                  // Scope(7:4) 2 link | JoinState(3:0) 1 full member
            00 0000             // ProxyJoin(7) 0 | reserved
            00000000            // pad to 56
            """);

    static final byte[] INFORM_INFO = HexFixture.parse("""
            00000000000000000000000000000000    // GID: none, use the LID range
            ffff 0000           // LIDRangeBegin 0xffff (all), LIDRangeEnd
            0000                // reserved
            01 01               // IsGeneric 1, Subscribe 1
            ffff                // Type 0xffff (all)
            0040                // TrapNumber 64 (GID in service)
            000001              // QPN 1
            13                  // reserved(7:5) | RespTimeValue(4:0) 19
            00                  // reserved
            ffffff              // ProducerType 0xffffff (all)
            """);

    static final byte[] CLASS_PORT_INFO = HexFixture.parse("""
            01 02               // BaseVersion 1, ClassVersion 2
            2602                // CapabilityMask: IsGetSetNotice, IsUDMulticast, IsMultiPath, IsPortInfoCapMaskMatch
            00000052            // CapabilityMask2(31:5) 0x2 IsQoSSupported | RespTimeValue(4:0) 18
            00*16               // RedirectGID
            00000000            // RedirectTC, RedirectSL, RedirectFL
            0000 0000           // RedirectLID, RedirectP_Key
            00 000001           // reserved, RedirectQP 1
            80010000            // RedirectQ_Key
            00*16               // TrapGID
            00000000            // TrapTC, TrapSL, TrapFL
            0000 0000           // TrapLID, TrapP_Key
            00 000000           // TrapHL, TrapQP
            00000000            // TrapQ_Key
            """);

    @Test
    void pathRecord() {
        PathRecord r = PathRecord.decode(PATH_RECORD, 0);
        assertThat(r).isEqualTo(new PathRecord(0, HCA_FAR, HCA_SM, 4, 2, 0, 0x12345, 0x40, 0, 1, 1, 0xffff, 0, 3,
                PathRecord.SELECTOR_EXACTLY, 4, PathRecord.SELECTOR_EXACTLY, 3, PathRecord.SELECTOR_EXACTLY, 18, 0));
        assertThat(encoded(PathRecord.SIZE, r::encodeTo)).isEqualTo(PATH_RECORD);
        assertThat(PathRecord.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void pathRecordComponentsFollowFactsNumbering() {
        Components c = PathRecord.COMPONENTS;
        assertThat(c.count()).isEqualTo(23);
        assertThat(c.field(PathRecord.COMPONENT_DGID).name()).isEqualTo("DGID");
        assertThat(c.field(PathRecord.COMPONENT_SLID).name()).isEqualTo("SLID");
        assertThat(c.field(PathRecord.COMPONENT_NUMB_PATH).name()).isEqualTo("NumbPath");
        assertThat(c.field(PathRecord.COMPONENT_P_KEY).name()).isEqualTo("P_Key");
        assertThat(c.field(PathRecord.COMPONENT_SL).name()).isEqualTo("SL");
        assertThat(c.field(PathRecord.COMPONENT_PACKET_LIFE_TIME).name()).isEqualTo("PacketLifeTime");
        assertThat(c.field(PathRecord.COMPONENT_PREFERENCE).name()).isEqualTo("Preference");
        byte[] q = new byte[PathRecord.SIZE];
        PathRecord.SERVICE_ID.put(q, 0, 0x0000_0001_ffff_ffffL);
        byte[] rec = PATH_RECORD.clone();
        PathRecord.SERVICE_ID.put(rec, 0, 0x0000_0001_0000_0000L);
        assertThat(c.matches(1L << PathRecord.COMPONENT_SERVICE_ID_MSB, q, 0, rec, 0)).isTrue();
        assertThat(c.matches(1L << PathRecord.COMPONENT_SERVICE_ID_LSB, q, 0, rec, 0)).isFalse();
    }

    @Test
    void serviceRecord() {
        ServiceRecord r = ServiceRecord.decode(SERVICE_RECORD, 0);
        assertThat(r.serviceId()).isEqualTo(0x1000000000000001L);
        assertThat(r.serviceGid()).isEqualTo(HCA_FAR);
        assertThat(r.servicePKey()).isEqualTo(0xffff);
        assertThat(r.serviceLease()).isEqualTo(60);
        assertThat(r.serviceKey()[15]).isEqualTo((byte) 0x0f);
        assertThat(r.serviceName()).isEqualTo("jsm-test");
        assertThat(r.serviceData()[0]).isEqualTo((byte) 0x11);
        assertThat(r.serviceData()[16]).isEqualTo((byte) 0x33);
        assertThat(encoded(ServiceRecord.SIZE, r::encodeTo)).isEqualTo(SERVICE_RECORD);
        assertThat(r).isEqualTo(ServiceRecord.decode(SERVICE_RECORD.clone(), 0)).isNotEqualTo(r.withoutServiceKey());
        assertThat(r.withServiceLease(ServiceRecord.LEASE_INFINITE).serviceLease()).isEqualTo(0xffffffffL);
        assertThat(ServiceRecord.LAYOUT.uncoveredBits()).isZero();
        assertThatThrownBy(() -> new ServiceRecord(0, Gid.ZERO, 0, 0, new byte[3], "", new byte[64]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void serviceRecordDataComponents() {
        Components c = ServiceRecord.COMPONENTS;
        assertThat(c.count()).isEqualTo(37);
        assertThat(c.field(7).name()).isEqualTo("ServiceData8.0");
        assertThat(c.field(23).byteOffset()).isEqualTo(128);
        assertThat(c.field(31).byteOffset()).isEqualTo(144);
        assertThat(c.field(36).byteOffset()).isEqualTo(168);
        byte[] q = new byte[ServiceRecord.SIZE];
        q[112] = 0x11;
        q[113] = 0x23;
        assertThat(c.matches(1L << 7, q, 0, SERVICE_RECORD, 0)).isTrue();
        assertThat(c.matches(1L << 8, q, 0, SERVICE_RECORD, 0)).isFalse();
    }

    @Test
    void mcMemberRecord() {
        McMemberRecord r = McMemberRecord.decode(MC_MEMBER_RECORD, 0);
        assertThat(r).isEqualTo(new McMemberRecord(new Gid(0xff12401bffff0000L, 0x00000000ffffffffL), HCA_FAR,
                0x0b1b, 0xc000, 2, 4, 0, 0xffff, 2, 3, 2, 18, 0, 0, 0, 2, McMemberRecord.JOIN_FULL_MEMBER, 0));
        assertThat(r.mgid().isMulticast()).isTrue();
        assertThat(encoded(McMemberRecord.SIZE, r::encodeTo)).isEqualTo(MC_MEMBER_RECORD);
        assertThat(McMemberRecord.LAYOUT.uncoveredBits()).isZero();
        assertThat(McMemberRecord.COMPONENTS.count()).isEqualTo(18);
        assertThat(McMemberRecord.COMPONENTS.field(McMemberRecord.COMPONENT_JOIN_STATE).name())
                .isEqualTo("JoinState");
        assertThat(McMemberRecord.COMPONENTS.field(McMemberRecord.COMPONENT_SL).name()).isEqualTo("SL");
    }

    @Test
    void informInfo() {
        InformInfo r = InformInfo.decode(INFORM_INFO, 0);
        assertThat(r).isEqualTo(new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, 64,
                1, 19, 0xffffff));
        assertThat(encoded(InformInfo.SIZE, r::encodeTo)).isEqualTo(INFORM_INFO);
        assertThat(InformInfo.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void classPortInfo() {
        ClassPortInfo r = ClassPortInfo.decode(CLASS_PORT_INFO, 0);
        assertThat(r.baseVersion()).isEqualTo(1);
        assertThat(r.classVersion()).isEqualTo(2);
        assertThat(r.capabilityMask()).isEqualTo(ClassPortInfo.CAP_IS_GET_SET_NOTICE
                | ClassPortInfo.CAP_IS_UD_MULTICAST | ClassPortInfo.CAP_IS_MULTI_PATH
                | ClassPortInfo.CAP_IS_PORT_INFO_CAP_MASK_MATCH);
        assertThat(r.capabilityMask2()).isEqualTo(2);
        assertThat(r.respTimeValue()).isEqualTo(18);
        assertThat(r.redirectQp()).isEqualTo(1);
        assertThat(r.redirectQKey()).isEqualTo(0x80010000L);
        assertThat(r.trapGid()).isEqualTo(Gid.ZERO);
        assertThat(encoded(ClassPortInfo.SIZE, r::encodeTo)).isEqualTo(CLASS_PORT_INFO);
        assertThat(ClassPortInfo.LAYOUT.uncoveredBits()).isZero();
    }

    @Test
    void gidPrintsAsIpv6() {
        assertThat(HCA_FAR).hasToString("fe80:0000:0000:0000:0002:c903:00a1:b2c4");
        byte[] b = new byte[16];
        HCA_FAR.write(PathRecord.DGID, b, -8);
        assertThat(Gid.read(PathRecord.DGID, b, -8)).isEqualTo(HCA_FAR);
        assertThat(Arrays.copyOf(b, 2)).containsExactly(0xfe, 0x80);
    }
}
