package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MadStatus;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.smp.Notice;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.mad.txn.UnsolicitedFilter;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.event.ReportSender;
import dev.jsm.sa.event.SmNotices;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.testing.MemoryNetwork;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Event forwarding through {@link SaAgent} as MADs, synchronously over a {@link MemoryNetwork} (SA at LID 1, H2 at
 * LID 8 QP 9 on the small SA fabric) whose SA port belongs to a {@link MadTransactions}, as in the daemon: it hands
 * the SA requests to the agent and matches the ReportResps to the agent's Reports. InformInfo Set and
 * InformInfoRecord Get, a Report of trap 65 when H4 is gone from the next view and of trap 66 when H2 creates a
 * multicast group, each retired by the client's ReportResp; {@code drop_event_subscriptions} removing the
 * subscriptions and ServiceRecords of a port that went. The Reports' timeout is long enough that the layer's timer
 * never re-sends one while a test runs.
 */
class SaAgentEventsTest {

    private static final int GET = 0x01;
    private static final int SET = 0x02;
    private static final Gid H2 = new Gid(0xfe80000000000000L, 0x0002c90000002001L);
    private static final Gid H4 = new Gid(0xfe80000000000000L, 0x0002c90000004001L);
    private static final Gid SM = new Gid(0xfe80000000000000L, 0x0002c90000000100L);
    private static final Gid MGID = new Gid(0xff12_0000_0000_0000L, 0x5151);
    private static final long CREATE = 1L << 0 | 1L << 1 | 1L << 16 | 1L << 2 | 1L << 6 | 1L << 7 | 1L << 12
            | 1L << 13;

    private final MemoryNetwork net = new MemoryNetwork(5, 0);
    private final MemoryNetwork.Endpoint saPort = net.endpoint(1, 1);
    private final MemoryNetwork.Endpoint host = net.endpoint(8, 9);
    private final MadTransactions txns = new MadTransactions(saPort, TransactionSettings.defaults(), Runnable::run);
    private final SaAgent agent = new SaAgent(saPort, txns, SaViews.small(), new RmppSettings(Duration.ofSeconds(60),
            2, 16, Duration.ofSeconds(60)), 100);
    private final SaTestClient client = new SaTestClient(host, () -> 0);

    SaAgentEventsTest() {
        for (Method m : new Method[] {Method.GET, Method.SET, Method.GET_TABLE}) {
            txns.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, m), Runnable::run,
                    (from, mad, length) -> agent.handle(from, mad, length, 0));
        }
    }

    @AfterEach
    void close() {
        agent.close();
        txns.close();
    }

    private byte[] ask(int method, int attribute, long smKey, long mask, InformInfo ii) throws IOException {
        client.singles.clear();
        client.send(1, method, attribute, 0x100 + method, smKey, mask, (b, o) -> ii.encodeTo(b, o));
        net.pump();
        assertThat(client.singles).hasSize(1);
        return client.singles.get(0);
    }

    private static InformInfo generic(int trap) {
        return new InformInfo(Gid.ZERO, InformInfo.LID_RANGE_ALL, 0, 1, 1, InformInfo.TYPE_ALL, trap, 0, 0,
                0xFFFFFF);
    }

    /** The one Report the client got: checks it and answers it with a ReportResp. */
    private Notice takeReport(Gid issuer) throws IOException {
        assertThat(client.singles).hasSize(1);
        byte[] report = client.singles.remove(0);
        assertThat(report[3] & 0xFF).as("SubnAdmReport").isEqualTo(0x06);
        assertThat(MadHeader.ATTRIBUTE_ID.getInt(report, 0)).isEqualTo(SaAttribute.NOTICE);
        assertThat(Gid.read(ReportSender.ISSUER_GID, report, SaHeader.DATA_OFFSET)).isEqualTo(issuer);
        byte[] resp = report.clone();
        resp[3] = (byte) 0x86;
        host.send(saPort.address(), resp, resp.length);
        net.pump();
        return Notice.decode(report, SaHeader.DATA_OFFSET);
    }

    @Test
    void aSubscriberGetsTrap65ForAGonePortAndRetiresIt() throws IOException {
        byte[] answer = ask(SET, SaAttribute.INFORM_INFO, 0, 0, generic(65));
        assertThat(answer[3] & 0xFF).as("SubnAdmGetResp").isEqualTo(0x81);
        assertThat(MadHeader.STATUS.getInt(answer, 0)).isZero();
        assertThat(InformInfo.decode(answer, SaHeader.DATA_OFFSET)).isEqualTo(generic(65));

        InformInfoRecord query = new InformInfoRecord(H2, 0, generic(0));
        client.singles.clear();
        client.send(1, GET, SaAttribute.INFORM_INFO_RECORD, 0x30, 0, 3, (b, o) -> query.encodeTo(b, o));
        net.pump();
        byte[] got = client.singles.get(0);
        assertThat(MadHeader.STATUS.getInt(got, 0)).isZero();
        InformInfoRecord r = InformInfoRecord.decode(got, SaHeader.DATA_OFFSET);
        assertThat(r.subscriberGid()).isEqualTo(H2);
        assertThat(r.informInfo().trapNumberOrDeviceId()).isEqualTo(65);
        assertThat(r.informInfo().qpn()).as("untrusted requester").isZero();
        client.send(1, 0x12, SaAttribute.INFORM_INFO_RECORD, 0x31, 1, 0, (b, o) -> { });
        net.pump();
        assertThat(client.tables).as("GetTable through RMPP").singleElement()
                .satisfies(m -> assertThat(m.data()).hasSize(InformInfoRecord.SIZE));
        assertThat(InformInfoRecord.decode(client.tables.get(0).data(), 0).informInfo().qpn())
                .as("trusted requester").isEqualTo(9);
        assertThat(MadHeader.STATUS.getInt(ask(GET, SaAttribute.INFORM_INFO, 0, 0, generic(65)), 0))
                .isEqualTo(MadStatus.METHOD_ATTR_UNSUPPORTED.value());

        client.singles.clear();
        agent.portsChanged(SaViews.small(), SaViews.smallWithoutH4());
        net.pump();
        Notice n = takeReport(SM);
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(SmNotices.GID_OUT_OF_SERVICE);
        assertThat(n.issuerLid()).as("the SM's LID").isEqualTo(1);
        assertThat(Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0)).isEqualTo(H4);
        assertThat(agent.stats().reports().retired()).isEqualTo(1);
        assertThat(agent.stats().reports().inFlight()).isZero();

        agent.portsChanged(SaViews.smallWithoutH4(), SaViews.small());
        net.pump();
        assertThat(client.singles).as("trap 64 is not subscribed").isEmpty();
        assertThat(agent.stats().dropped()).isZero();
    }

    @Test
    void creatingAMulticastGroupReportsTrap66() throws IOException {
        assertThat(MadHeader.STATUS.getInt(ask(SET, SaAttribute.INFORM_INFO, 0, 0, generic(66)), 0)).isZero();
        client.singles.clear();
        McMemberRecord join = new McMemberRecord(MGID, H2, 0x11, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2,
                McMemberRecord.JOIN_FULL_MEMBER, 0);
        client.send(1, SET, SaAttribute.MC_MEMBER_RECORD, 0x40, 0, CREATE, (b, o) -> join.encodeTo(b, o));
        net.pump();
        assertThat(client.singles).as("the Report, then the join's answer").hasSize(2);
        byte[] joined = client.singles.remove(1);
        assertThat(MadHeader.STATUS.getInt(joined, 0)).as(SaStatus.name(MadHeader.STATUS.getInt(joined, 0)))
                .isZero();
        Notice n = takeReport(SM);
        assertThat(n.trapNumberOrDeviceId()).isEqualTo(SmNotices.MCAST_GROUP_CREATED);
        assertThat(Gid.read(SmNotices.DETAILS_GID, n.dataDetails(), 0)).isEqualTo(MGID);
        assertThat(agent.stats().reports().retired()).isEqualTo(1);
    }

    @Test
    void dropEventSubscriptionsRemovesTheSubscriptionsOfAGonePort() throws IOException {
        assertThat(MadHeader.STATUS.getInt(ask(SET, SaAttribute.INFORM_INFO, 0, 0, generic(64)), 0)).isZero();
        SaView small = SaViews.small();
        MemoryNetwork.Endpoint h4 = net.endpoint(10, 3);
        SaTestClient h4Client = new SaTestClient(h4, () -> 0);
        h4Client.send(1, SET, SaAttribute.INFORM_INFO, 0x50, 0, 0, (b, o) -> generic(64).encodeTo(b, o));
        net.pump();
        assertThat(MadHeader.STATUS.getInt(h4Client.singles.get(0), 0)).isZero();
        ServiceRecord service = new ServiceRecord(0x77, H4, 0xFFFF, ServiceRecord.LEASE_INFINITE, new byte[16],
                "h4 service", new byte[64]);
        long idAndGid = 1L << ServiceRecord.COMPONENT_SERVICE_ID | 1L << ServiceRecord.COMPONENT_SERVICE_GID;
        h4Client.send(1, SET, SaAttribute.SERVICE_RECORD, 0x51, 0, idAndGid, (b, o) -> service.encodeTo(b, o));
        net.pump();
        assertThat(MadHeader.STATUS.getInt(h4Client.singles.get(1), 0)).isZero();

        agent.portsChanged(small, viewWithDrop(SaViews.smallWithoutH4(), false));
        assertThat(agent.events().subscriptions().size()).as("drop_event_subscriptions FALSE").isEqualTo(2);
        assertThat(serviceStatus()).isZero();
        agent.portsChanged(small, viewWithDrop(SaViews.smallWithoutH4(), true));
        assertThat(agent.events().subscriptions().all()).singleElement()
                .extracting(s -> s.record().subscriberGid()).isEqualTo(H2);
        assertThat(serviceStatus()).as("H4's ServiceRecord went too").isEqualTo(SaStatus.NO_RECORDS);
    }

    /** The status of H2's Get(ServiceRecord) of ServiceID 0x77. */
    private int serviceStatus() throws IOException {
        client.singles.clear();
        client.send(1, GET, SaAttribute.SERVICE_RECORD, 0x60, 0, 1L << ServiceRecord.COMPONENT_SERVICE_ID,
                (b, o) -> ServiceRecord.SERVICE_ID.put(b, o, 0x77));
        net.pump();
        return MadHeader.STATUS.getInt(client.singles.get(0), 0);
    }

    private static SaView viewWithDrop(SaView v, boolean drop) {
        SaSettings s = v.settings();
        return v.withSettings(new SaSettings(s.saKey(), s.subnetTimeout(), s.respTimeValue(), s.multicast(), s.qos(),
                s.consolidateIpv6Snm(), s.mftTop(), drop));
    }
}
