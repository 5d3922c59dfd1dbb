package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.limit.Refusal;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Who may change a ServiceRecord, the fair shares of the registry, and its indexed queries, on the small SA fabric:
 * H2 at LID 8 (port 0x0002c90000002001), H3 at LID 9 (port 0x0002c90000003001). A Delete takes the one record of
 * its RID, and only one the requester may remove: a Delete with ComponentMask 0 from another host is answered
 * ERR_NO_RECORDS (0x0300) and removes nothing, as OpenSM answers it.
 */
class ServiceRecordRulesTest {

    private static final int SET = 0x02;
    private static final int GET_TABLE = 0x12;
    private static final int DELETE = 0x15;
    private static final long ID = 1L << ServiceRecord.COMPONENT_SERVICE_ID;
    private static final long GID = 1L << ServiceRecord.COMPONENT_SERVICE_GID;
    private static final long NAME = 1L << ServiceRecord.COMPONENT_SERVICE_NAME;
    private static final long LEASE = 1L << ServiceRecord.COMPONENT_SERVICE_LEASE;
    private static final long DATA8_0 = 1L << 7;
    private static final MadAddress.LidRouted H2 = new MadAddress.LidRouted(8, 1, MadAddress.QP1_QKEY, 0, 0);
    private static final MadAddress.LidRouted H3 = new MadAddress.LidRouted(9, 1, MadAddress.QP1_QKEY, 0, 0);
    private static final Gid H2_GID = new Gid(0xfe80000000000000L, 0x0002c90000002001L);
    private static final Gid H3_GID = new Gid(0xfe80000000000000L, 0x0002c90000003001L);
    private static final long SECOND = 1_000_000_000L;

    private final SaView view = SaViews.small();
    private final Refusals refusals = new Refusals(Duration.ofSeconds(60));

    @Test
    void aForeignDeleteWithComponentMaskZeroIsAnsweredNoRecordsAndRemovesNothing() {
        ServiceRegistry r = new ServiceRegistry(TestLimits.unshared(), refusals);
        for (int i = 0; i < 20_000; i++) {
            assertThat(r.set(view, request(H2, SET, ID | GID, service(i, H2_GID, "svc", 0), false), 0).status())
                    .isZero();
        }
        SaAnswer all = r.delete(view, request(H3, DELETE, 0, new byte[SaHeader.DATA_SIZE], false), 0);
        assertThat(all.status()).isEqualTo(SaStatus.NO_RECORDS);
        assertThat(r.size()).isEqualTo(20_000);

        byte[] rid = service(5, H2_GID, "svc", 0);
        assertThat(r.delete(view, request(H3, DELETE, 0, rid, false), 0).status())
                .as("H3 names H2's record exactly: not its to remove").isEqualTo(SaStatus.NO_RECORDS);
        assertThat(r.delete(view, request(H3, DELETE, ID | GID, rid, false), 0).status())
                .isEqualTo(SaStatus.NO_RECORDS);
        assertThat(refusals.count(Refusal.SERVICE_RECORD_FOREIGN)).isEqualTo(2);
        assertThat(r.set(view, request(H3, SET, ID | GID, rid, false), 0).status())
                .as("nor to take over by registering its RID").isEqualTo(SaStatus.DENIED);
        assertThat(r.size()).isEqualTo(20_000);

        SaAnswer own = r.delete(view, request(H2, DELETE, 0, rid, false), 0);
        assertThat(own.status()).as("the registrar may, whatever the mask").isZero();
        assertThat(ServiceRecord.decode(own.records(), 0).serviceId()).isEqualTo(5);
        assertThat(r.delete(view, request(H3, DELETE, ID | GID, service(6, H2_GID, "svc", 0), true), 0).status())
                .as("so may a trusted requester").isZero();
        assertThat(r.size()).isEqualTo(19_998);
    }

    @Test
    void thePortTheServiceGidNamesMayRenewAndRemoveWhatAnotherPortRegisteredForIt() {
        ServiceRegistry r = new ServiceRegistry(TestLimits.unshared(), refusals);
        byte[] forH3 = service(1, H3_GID, "proxy", 0);
        assertThat(r.set(view, request(H2, SET, ID | GID, forH3, false), 0).status()).isZero();
        assertThat(r.set(view, request(H3, SET, ID | GID, forH3, false), 0).status()).isZero();
        assertThat(r.delete(view, request(H3, DELETE, ID | GID, forH3, false), 0).status()).isZero();
        assertThat(r.size()).isZero();
    }

    @Test
    void aPortRegistersOnlyItsShareAndAllOfThemTheTotal() {
        TestLimits t = TestLimits.defaults();
        t.serviceRecords = 8;
        t.serviceRecordsPerPort = 5;
        ServiceRegistry r = new ServiceRegistry(t.build(), refusals);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            statuses.add(r.set(view, request(H2, SET, ID | GID, service(i, H2_GID, "a", 0), false), 0).status());
        }
        assertThat(statuses).containsExactly(0, 0, 0, 0, 0, SaStatus.NO_RESOURCES, SaStatus.NO_RESOURCES);
        assertThat(r.set(view, request(H2, SET, ID | GID, service(0, H2_GID, "a", 0), false), 0).status())
                .as("a renewal always passes").isZero();
        statuses.clear();
        for (int i = 0; i < 4; i++) {
            statuses.add(r.set(view, request(H3, SET, ID | GID, service(i, H3_GID, "b", 0), false), 0).status());
        }
        assertThat(statuses).as("H3 still gets room, up to the total").containsExactly(0, 0, 0,
                SaStatus.NO_RESOURCES);
        assertThat(refusals.count(Refusal.SERVICE_RECORDS)).isEqualTo(3);
        assertThat(r.delete(view, request(H2, DELETE, ID | GID, service(0, H2_GID, "a", 0), false), 0).status())
                .isZero();
        assertThat(r.set(view, request(H3, SET, ID | GID, service(3, H3_GID, "b", 0), false), 0).status()).isZero();
    }

    @Test
    void queriesByIdGidNameOrAnyFieldFindExactlyTheMatchingRecordsInRegistrationOrder() {
        ServiceRegistry r = new ServiceRegistry(TestLimits.unshared(), refusals);
        List<byte[]> all = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            byte[] s = service(i % 7, i % 2 == 0 ? H2_GID : H3_GID, "n" + i % 5, i % 3);
            ServiceRecord.SERVICE_P_KEY.put(s, 0, 0x8000 | i);
            all.add(s);
            r.set(view, request(i % 2 == 0 ? H2 : H3, SET, ID | GID | 1L << ServiceRecord.COMPONENT_SERVICE_P_KEY,
                    s, false), 0);
        }
        byte[] renewed = all.remove(10);
        r.set(view, request(H2, SET, ID | GID | 1L << ServiceRecord.COMPONENT_SERVICE_P_KEY, renewed, false), 0);
        all.add(renewed);
        byte[] q = service(3, H3_GID, "n2", 1);
        for (long mask : new long[] {0, ID, GID, NAME, DATA8_0, ID | GID, ID | NAME, GID | DATA8_0, LEASE}) {
            List<Long> expected = new ArrayList<>();
            for (byte[] s : all) {
                if (ServiceRecord.COMPONENTS.matches(mask & ~LEASE, q, 0, s, 0)) {
                    expected.add(ServiceRecord.SERVICE_ID.getLong(s, 0) << 16
                            | ServiceRecord.SERVICE_P_KEY.getInt(s, 0));
                }
            }
            SaAnswer a = r.get(request(H2, GET_TABLE, mask, q, false), 0);
            List<Long> got = new ArrayList<>();
            for (int i = 0; i < a.count(); i++) {
                got.add(ServiceRecord.SERVICE_ID.getLong(a.records(), i * ServiceRecord.SIZE) << 16
                        | ServiceRecord.SERVICE_P_KEY.getInt(a.records(), i * ServiceRecord.SIZE));
            }
            assertThat(got).as("mask 0x%x", mask).isEqualTo(expected);
        }
    }

    @Test
    void leasesExpireInTheirOrderAndGonePortsTakeTheirRecords() {
        ServiceRegistry r = new ServiceRegistry(TestLimits.unshared(), refusals);
        for (int i = 1; i <= 3; i++) {
            byte[] s = service(i, H2_GID, "l", 0);
            ServiceRecord.SERVICE_LEASE.put(s, 0, 4 - i);
            r.set(view, request(H2, SET, ID | GID | LEASE, s, false), 0);
        }
        r.set(view, request(H3, SET, ID | GID, service(9, H3_GID, "forever", 0), false), 0);
        r.expire(SECOND);
        assertThat(ids(r)).containsExactly(1L, 2L, 9L);
        r.expire(2 * SECOND + 1);
        assertThat(ids(r)).containsExactly(1L, 9L);
        assertThat(r.removePorts(Set.of(H3_GID.interfaceId()))).isEqualTo(1);
        r.expire(1000 * SECOND);
        assertThat(r.size()).isZero();
    }

    @Test
    void aHundredThousandRecordsAreRegisteredAndEachDeletedAlone() {
        ServiceRegistry r = new ServiceRegistry(TestLimits.unshared(), refusals);
        for (int i = 0; i < 100_000; i++) {
            r.set(view, request(H2, SET, ID | GID, service(i, H2_GID, "bulk", 0), false), 0);
        }
        assertThat(r.get(request(H2, GET_TABLE, ID, service(77_777, H2_GID, "", 0), false), 0).count()).isOne();
        for (int i = 0; i < 100_000; i++) {
            assertThat(r.delete(view, request(H2, DELETE, ID | GID, service(i, H2_GID, "", 0), false), 0).count())
                    .isOne();
        }
        assertThat(r.size()).isZero();
    }

    private static List<Long> ids(ServiceRegistry r) {
        SaAnswer a = r.get(request(H2, GET_TABLE, 0, new byte[SaHeader.DATA_SIZE], false), 0);
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < a.count(); i++) {
            out.add(ServiceRecord.SERVICE_ID.getLong(a.records(), i * ServiceRecord.SIZE));
        }
        return out;
    }

    private static byte[] service(long id, Gid gid, String name, int data8) {
        byte[] d = new byte[SaHeader.DATA_SIZE];
        byte[] data = new byte[ServiceRecord.DATA_SIZE];
        data[0] = (byte) data8;
        new ServiceRecord(id, gid, 0xFFFF, 0, new byte[ServiceRecord.KEY_SIZE], name, data).encodeTo(d, 0);
        return d;
    }

    private static SaRequest request(MadAddress.LidRouted from, int method, long mask, byte[] data,
                                     boolean trusted) {
        return new SaRequest(from, method, SaAttribute.SERVICE_RECORD, 0, 7, new SaHeader(trusted ? 1 : 0, 0, mask),
                data, trusted);
    }
}
