package dev.jsm.sa.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.Method;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SaViews;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The subscription rules of {@link EventSubscriptions} on the small SA fabric (H2 at LID 8 subscribes from QP 9):
 * OpenSM's refusals (all ERR_REQ_INVALID), the echo, identity and Enum of subscriptions, withdrawal, the limit,
 * and removal of a gone port's subscriptions.
 */
class EventSubscriptionsTest {

    static final long H2_PORT = 0x0002c90000002001L;
    static final Gid H2_GID = new Gid(0xfe80000000000000L, H2_PORT);
    static final MadAddress.LidRouted H2 = new MadAddress.LidRouted(8, 9, MadAddress.QP1_QKEY, 0, 0);

    private final SaView view = SaViews.small();
    private final EventSubscriptions subs = new EventSubscriptions(TestLimits.unshared(),
            new Refusals(Duration.ofSeconds(60)));

    /** Subscribe or unsubscribe (QPN 0 in the InformInfo) to generic trap {@code trap} from all LIDs. */
    static InformInfo generic(int trap, int subscribe) {
        return informInfo(trap, subscribe, 0, InformInfo.LID_RANGE_ALL, 0, Gid.ZERO);
    }

    static InformInfo informInfo(int trap, int subscribe, int qpn, int lidBegin, int lidEnd, Gid gid) {
        return new InformInfo(gid, lidBegin, lidEnd, 1, subscribe, InformInfo.TYPE_ALL, trap, qpn, 0, 0xFFFFFF);
    }

    static SaRequest set(MadAddress.LidRouted from, InformInfo ii, boolean trusted) {
        byte[] data = new byte[SaHeader.DATA_SIZE];
        ii.encodeTo(data, 0);
        return new SaRequest(from, Method.SET.value(), SaAttribute.INFORM_INFO, 0, 1,
                new SaHeader(trusted ? 1 : 0, 0, 0), data, trusted);
    }

    private SaAnswer subscribe(InformInfo ii) {
        return subs.set(view, set(H2, ii, false));
    }

    @Test
    void aSubscriptionIsEchoedAndStoredWithTheRequestersGidAndQpn() {
        InformInfo ii = generic(64, 1);
        SaAnswer a = subscribe(ii);
        assertThat(a.status()).isEqualTo(SaStatus.OK);
        assertThat(InformInfo.decode(a.records(), 0)).as("o13-12.1.1: the request's InformInfo").isEqualTo(ii);
        Subscription s = subs.all().get(0);
        assertThat(s.record().subscriberGid()).isEqualTo(H2_GID);
        assertThat(s.record().enumeration()).isZero();
        assertThat(s.record().informInfo().qpn()).as("from the request's source").isEqualTo(9);
        assertThat(s.reportTo()).isEqualTo(H2);
        assertThat(s.portGuid()).isEqualTo(H2_PORT);
    }

    @Test
    void theSameSubscriptionTwiceIsOneAndAnotherGetsTheNextEnum() {
        subscribe(generic(64, 1));
        subscribe(generic(64, 1));
        subscribe(generic(65, 1));
        assertThat(subs.all()).extracting(s -> s.record().enumeration()).containsExactly(0, 1);
    }

    @Test
    void subscribeAboveOneIsInvalid() {
        assertThat(subscribe(generic(64, 2)).status()).isEqualTo(SaStatus.REQ_INVALID);
        assertThat(subs.size()).isZero();
    }

    @Test
    void securityTrapsOnlyForTrustedRequesters() {
        for (int trap = 256; trap <= 259; trap++) {
            assertThat(subscribe(generic(trap, 1)).status()).as("trap %d untrusted", trap)
                    .isEqualTo(SaStatus.REQ_INVALID);
        }
        assertThat(subscribe(generic(260, 1)).status()).isEqualTo(SaStatus.OK);
        assertThat(subs.set(view, set(H2, generic(256, 1), true)).status()).isEqualTo(SaStatus.OK);
        assertThat(subs.size()).isEqualTo(2);
    }

    @Test
    void anUnknownRequesterIsInvalid() {
        MadAddress.LidRouted stranger = new MadAddress.LidRouted(3, 9, MadAddress.QP1_QKEY, 0, 0);
        assertThat(subs.set(view, set(stranger, generic(64, 1), false)).status()).isEqualTo(SaStatus.REQ_INVALID);
    }

    @Test
    void aGidOrLidRangeOutsideTheFabricIsInvalid() {
        Gid nobody = new Gid(0xfe80000000000000L, 0x1234);
        assertThat(subscribe(informInfo(64, 1, 0, 0, 0, nobody)).status()).isEqualTo(SaStatus.REQ_INVALID);
        assertThat(subscribe(informInfo(64, 1, 0, 11, 20, Gid.ZERO)).status()).as("max LID is 10")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(subscribe(informInfo(64, 1, 0, 4, 40, Gid.ZERO)).status()).as("range cut at the max LID")
                .isEqualTo(SaStatus.OK);
        assertThat(subscribe(informInfo(64, 1, 0, 0, 0, new Gid(0xfe80000000000000L, 0x0002c90000003001L)))
                .status()).as("H3's GID").isEqualTo(SaStatus.OK);
    }

    @Test
    void unsubscribeMustNameAnExistingSubscriptionWithItsQpn() {
        subscribe(generic(64, 1));
        assertThat(subscribe(generic(65, 0)).status()).as("no such subscription").isEqualTo(SaStatus.REQ_INVALID);
        assertThat(subscribe(generic(64, 0)).status()).as("QPN 0 is not the subscriber's 9")
                .isEqualTo(SaStatus.REQ_INVALID);
        InformInfo withdraw = informInfo(64, 0, 9, InformInfo.LID_RANGE_ALL, 0, Gid.ZERO);
        SaAnswer a = subscribe(withdraw);
        assertThat(a.status()).isEqualTo(SaStatus.OK);
        assertThat(InformInfo.decode(a.records(), 0)).isEqualTo(withdraw);
        assertThat(subs.size()).isZero();
    }

    @Test
    void subscriptionsBeyondTheLimitGetNoResources() {
        for (int i = 0; i < EventSubscriptions.MAX_SUBSCRIPTIONS; i++) {
            assertThat(subscribe(generic(1000 + i, 1)).status()).isEqualTo(SaStatus.OK);
        }
        assertThat(subscribe(generic(64, 1)).status()).isEqualTo(SaStatus.NO_RESOURCES);
        assertThat(subscribe(generic(1000, 1)).status()).as("renewing one is fine").isEqualTo(SaStatus.OK);
    }

    @Test
    void removePortsDropsOnlyThosePortsSubscriptions() {
        subscribe(generic(64, 1));
        MadAddress.LidRouted h3 = new MadAddress.LidRouted(9, 1, MadAddress.QP1_QKEY, 0, 0);
        subs.set(view, set(h3, generic(64, 1), false));
        assertThat(subs.removePorts(Set.of(H2_PORT))).isEqualTo(1);
        assertThat(subs.all()).singleElement().extracting(s -> s.record().subscriberGid().interfaceId())
                .isEqualTo(0x0002c90000003001L);
    }

    @Test
    void informInfoRecordsSelectByGidAndEnumAndHideTheQpnFromUntrustedRequesters() {
        subscribe(generic(64, 1));
        subscribe(generic(65, 1));
        byte[] query = new byte[SaHeader.DATA_SIZE];
        new InformInfoRecord(H2_GID, 1, generic(0, 0)).encodeTo(query, 0);
        long mask = 1L << InformInfoRecord.COMPONENT_SUBSCRIBER_GID | 1L << InformInfoRecord.COMPONENT_ENUM;
        SaAnswer untrusted = InformInfoRecords.get(view, new SaRequest(H2, Method.GET_TABLE.value(),
                SaAttribute.INFORM_INFO_RECORD, 0, 2, new SaHeader(0, 0, mask), query, false), subs);
        assertThat(untrusted.count()).isEqualTo(1);
        InformInfoRecord r = InformInfoRecord.decode(untrusted.records(), 0);
        assertThat(r.informInfo().trapNumberOrDeviceId()).isEqualTo(65);
        assertThat(r.informInfo().qpn()).as("C15-0.2-1.16").isZero();
        SaAnswer trusted = InformInfoRecords.get(view, new SaRequest(H2, Method.GET_TABLE.value(),
                SaAttribute.INFORM_INFO_RECORD, 0, 3, new SaHeader(1, 0, 0), query, true), subs);
        assertThat(trusted.count()).isEqualTo(2);
        assertThat(InformInfoRecord.decode(trusted.records(), 0).informInfo().qpn()).isEqualTo(9);
        SaAnswer badMask = InformInfoRecords.get(view, new SaRequest(H2, Method.GET_TABLE.value(),
                SaAttribute.INFORM_INFO_RECORD, 0, 4, new SaHeader(0, 0, 1L << 16), query, false), subs);
        assertThat(badMask.status()).isEqualTo(SaStatus.REQ_INVALID);
    }
}
