package dev.jsm.sa.query;

import static dev.jsm.sa.codec.PathRecord.COMPONENT_DGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_DLID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_MTU;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_MTU_SELECTOR;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_NUMB_PATH;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_P_KEY;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_RATE;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_RATE_SELECTOR;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_REVERSIBLE;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SL;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SLID;
import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.GET_TABLE;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** PathRecords on {@link SaTestFabric}: LFT walk, MTU/rate minima, selectors, SL, P_Key, LMC, reversibility. */
class PathRecordQueryTest {

    private static final Gid H1 = new Gid(SaTestFabric.PREFIX, SaTestFabric.H1 + 1);
    private static final Gid H2 = new Gid(SaTestFabric.PREFIX, SaTestFabric.H2 + 1);
    private static final Gid H3 = new Gid(SaTestFabric.PREFIX, SaTestFabric.H3 + 1);

    private final SaQueryEngine engine = new SaQueryEngine();
    private final SaView view = SaTestFabric.view(false);

    @Test
    void pathAcrossTheSlowLinkTakesItsRateAndMtu() {
        PathRecord p = single(view, bit(COMPONENT_SLID) | bit(COMPONENT_DLID), lids(4, 9));
        assertThat(p.slid()).isEqualTo(4);
        assertThat(p.dlid()).isEqualTo(9);
        assertThat(p.sgid()).isEqualTo(H1);
        assertThat(p.dgid()).isEqualTo(H3);
        assertThat(p.mtu()).as("NeighborMTU 2048 on A[1]-B[1]").isEqualTo(4);
        assertThat(p.rate()).as("4x DDR = 20 Gb/s").isEqualTo(6);
        assertThat(p.mtuSelector()).isEqualTo(PathRecord.SELECTOR_EXACTLY);
        assertThat(p.rateSelector()).isEqualTo(PathRecord.SELECTOR_EXACTLY);
        assertThat(p.packetLifeTimeSelector()).isEqualTo(PathRecord.SELECTOR_EXACTLY);
        assertThat(p.packetLifeTime()).as("subnet_timeout").isEqualTo(18);
        assertThat(p.pKey()).isEqualTo(0xffff);
        assertThat(p.sl()).isZero();
        assertThat(p.reversible()).isEqualTo(1);
        assertThat(p.numbPath()).isZero();
        assertThat(p.hopLimit()).isZero();
    }

    @Test
    void pathToAndFromASwitchTakesTheMtuCapOfItsPortZero() {
        // sa-compare.sh on ibsim: switch port 0 says MTUCap 1024; OpenSM answers CA -> switch with MTU 1024
        SaView small = SaTestFabric.view(SaTestFabric.snapshot(false, 3));
        assertThat(single(small, bit(COMPONENT_SLID) | bit(COMPONENT_DLID), lids(8, 1)).mtu())
                .as("H2 -> switch B").isEqualTo(3);
        assertThat(single(small, bit(COMPONENT_SLID) | bit(COMPONENT_DLID), lids(1, 8)).mtu())
                .as("switch B -> H2").isEqualTo(3);
        assertThat(single(small, bit(COMPONENT_SLID) | bit(COMPONENT_DLID), lids(8, 9)).mtu())
                .as("host to host does not see port 0").isEqualTo(4);
    }

    @Test
    void pathInsideOneSwitchByGids() {
        PathRecord p = single(view, bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(H1, H2));
        assertThat(p.slid()).as("Get: base LIDs").isEqualTo(4);
        assertThat(p.dlid()).isEqualTo(8);
        assertThat(p.mtu()).isEqualTo(5);
        assertThat(p.rate()).as("4x QDR = 40 Gb/s").isEqualTo(7);
    }

    @Test
    void withQuirksAPathFromOrToATavorHcaGetsAt1024UnlessTheRequestAsksForMore() {
        SaView tavor = SaTestFabric.view(SaTestFabric.snapshotWithTavorH1());
        SaView quirks = tavor.withSettings(tavor.settings().withQuirks(true));
        long byLids = bit(COMPONENT_SLID) | bit(COMPONENT_DLID);
        long withMtu = byLids | bit(COMPONENT_MTU_SELECTOR) | bit(COMPONENT_MTU);
        assertThat(single(tavor, byLids, lids(4, 8)).mtu()).as("no quirks").isEqualTo(5);

        assertThat(single(quirks, byLids, lids(4, 8)).mtu()).as("from the Tavor").isEqualTo(3);
        assertThat(single(quirks, byLids, lids(8, 4)).mtu()).as("to the Tavor").isEqualTo(3);
        assertThat(single(quirks, byLids, lids(8, 9)).mtu()).as("neither end").isEqualTo(4);
        assertThat(single(quirks, withMtu, mtuBetween(4, 8, 1, 5)).mtu()).as("less than 4096").isEqualTo(3);
        assertThat(single(quirks, withMtu, mtuBetween(4, 8, 2, 3)).mtu()).as("exactly 1024").isEqualTo(3);
        assertThat(single(quirks, withMtu, mtuBetween(4, 8, 3, 0)).mtu()).as("the largest").isEqualTo(5);
        assertThat(single(quirks, withMtu, mtuBetween(4, 8, 2, 5)).mtu()).as("exactly 4096").isEqualTo(5);
        assertThat(single(quirks, withMtu, mtuBetween(4, 8, 0, 4)).mtu()).as("more than 2048").isEqualTo(5);
    }

    @Test
    void pathToItselfHasLifetimeZero() {
        PathRecord p = single(view, bit(COMPONENT_SLID) | bit(COMPONENT_DLID), lids(9, 9));
        assertThat(p.packetLifeTime()).isZero();
        assertThat(p.mtu()).isEqualTo(5);
        assertThat(p.reversible()).isEqualTo(1);
    }

    @Test
    void getTableGivesEveryLmcCombinationUpToNumbPath() {
        SaAnswer all = engine.answer(view, request(GET_TABLE, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(H1, H3)));
        assertThat(slids(all)).containsExactly(4, 5);
        SaAnswer one = engine.answer(view, request(GET_TABLE, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID) | bit(COMPONENT_NUMB_PATH), (b, o) -> {
                    gids(H1, H3).accept(b, o);
                    PathRecord.NUMB_PATH.put(b, o, 1);
                }));
        assertThat(slids(one)).containsExactly(4);
        SaAnswer halfWorld = engine.answer(view, request(GET_TABLE, SaAttribute.PATH_RECORD, bit(COMPONENT_SLID),
                lids(9, 0)));
        assertThat(halfWorld.count()).as("from LID 9 to the 7 LIDs of the 6 end ports").isEqualTo(7);
    }

    @Test
    void missingLftEntryMeansNoPathAndNoReversibility() {
        SaView broken = SaTestFabric.view(true);
        long lids = bit(COMPONENT_SLID) | bit(COMPONENT_DLID);
        assertThat(engine.answer(broken, request(GET, SaAttribute.PATH_RECORD, lids, lids(4, 10))).status())
                .isEqualTo(SaStatus.NO_RECORDS);
        PathRecord back = single(broken, lids, lids(10, 4));
        assertThat(back.reversible()).isZero();
        assertThat(engine.answer(broken, request(GET, SaAttribute.PATH_RECORD, lids | bit(COMPONENT_REVERSIBLE),
                (b, o) -> {
                    lids(10, 4).accept(b, o);
                    PathRecord.REVERSIBLE.put(b, o, 1);
                })).status()).isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void selectorsBoundMtuAndRate() {
        long lids = bit(COMPONENT_SLID) | bit(COMPONENT_DLID);
        long mtuSel = lids | bit(COMPONENT_MTU_SELECTOR) | bit(COMPONENT_MTU);
        PathRecord less = single(view, mtuSel, withMtu(PathRecord.SELECTOR_LESS_THAN, 4));
        assertThat(less.mtu()).isEqualTo(3);
        PathRecord exactly = single(view, mtuSel, withMtu(PathRecord.SELECTOR_EXACTLY, 2));
        assertThat(exactly.mtu()).isEqualTo(2);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, mtuSel,
                withMtu(PathRecord.SELECTOR_EXACTLY, 5))).status()).isEqualTo(SaStatus.NO_RECORDS);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, mtuSel,
                withMtu(PathRecord.SELECTOR_GREATER_THAN, 4))).status()).isEqualTo(SaStatus.NO_RECORDS);
        long rateSel = lids | bit(COMPONENT_RATE_SELECTOR) | bit(COMPONENT_RATE);
        PathRecord slower = single(view, rateSel, (b, o) -> {
            lids(4, 9).accept(b, o);
            PathRecord.RATE_SELECTOR.put(b, o, PathRecord.SELECTOR_LESS_THAN);
            PathRecord.RATE.put(b, o, 6);
        });
        assertThat(slower.rate()).as("largest rate below 20 Gb/s: 14 Gb/s").isEqualTo(11);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, rateSel, (b, o) -> {
            lids(4, 9).accept(b, o);
            PathRecord.RATE_SELECTOR.put(b, o, PathRecord.SELECTOR_GREATER_THAN);
            PathRecord.RATE.put(b, o, 6);
        })).status()).isEqualTo(SaStatus.NO_RECORDS);
    }

    @Test
    void slComesFromTheEngineThenQosThenTheRequest() {
        long lids = bit(COMPONENT_SLID) | bit(COMPONENT_DLID);
        long withSl = lids | bit(COMPONENT_SL);
        assertThat(single(view, withSl, withSl(3)).sl()).isEqualTo(3);
        SaView engineSl = new SaView(view.snapshot(), (s, d) -> s == 4 && d == 9 ? 2 : 1, QosLevels.NONE,
                PartitionMembership.DEFAULT_ONLY, view.sm(), view.settings(), view.tables());
        assertThat(single(engineSl, lids, lids(4, 9)).sl()).isEqualTo(2);
        assertThat(single(engineSl, lids, lids(9, 4)).sl()).isEqualTo(1);
        assertThat(engine.answer(engineSl, request(GET, SaAttribute.PATH_RECORD, withSl, withSl(3))).status())
                .isEqualTo(SaStatus.NO_RECORDS);
        SaView qos = new SaView(view.snapshot(), view.pathSl(),
                r -> new QosLevel("video", 5, 3, QosLevel.UNSET, QosLevel.UNSET, 12), view.partitions(), view.sm(),
                view.settings(), view.tables());
        PathRecord p = single(qos, lids, lids(4, 9));
        assertThat(p.sl()).isEqualTo(5);
        assertThat(p.mtu()).as("QoS level mtu-limit").isEqualTo(3);
        assertThat(p.packetLifeTime()).isEqualTo(12);
    }

    @Test
    void noPathBetweenPortsSharingNoPartition() {
        long lids = bit(COMPONENT_SLID) | bit(COMPONENT_DLID);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, lids | bit(COMPONENT_P_KEY),
                (b, o) -> {
                    lids(4, 9).accept(b, o);
                    PathRecord.P_KEY.put(b, o, 0x8001);
                })).status()).isEqualTo(SaStatus.NO_RECORDS);
        PartitionMembership split = new PartitionMembership() {
            @Override
            public boolean share(long a, long b, int pKey) {
                return commonPKey(a, b) >= 0 && (pKey & 0x7fff) == 0x0001;
            }

            @Override
            public int commonPKey(long a, long b) {
                boolean aLeft = a == SaTestFabric.H1 + 1 || a == SaTestFabric.H2 + 1;
                boolean bLeft = b == SaTestFabric.H1 + 1 || b == SaTestFabric.H2 + 1;
                return aLeft == bLeft ? 0x8001 : -1;
            }
        };
        SaView parts = new SaView(view.snapshot(), view.pathSl(), view.qos(), split, view.sm(), view.settings(),
                view.tables());
        assertThat(engine.answer(parts, request(GET, SaAttribute.PATH_RECORD, lids, lids(4, 9))).status())
                .isEqualTo(SaStatus.NO_RECORDS);
        assertThat(single(parts, lids, lids(4, 8)).pKey()).isEqualTo(0x8001);
    }

    @Test
    void unknownGidIsInvalidAndMulticastDgidRejected() {
        Gid stranger = new Gid(SaTestFabric.PREFIX, 0x1234);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(stranger, H1))).status())
                .isEqualTo(SaStatus.INVALID_GID);
        Gid wrongPrefix = new Gid(0xfec0000000000000L, SaTestFabric.H3 + 1);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(H1, wrongPrefix))).status())
                .isEqualTo(SaStatus.INVALID_GID);
        Gid mcast = new Gid(0xff12401bffff0000L, 0xffffffffL);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(H1, mcast))).status())
                .isEqualTo(SaStatus.REQ_INVALID);
    }

    private PathRecord single(SaView v, long mask, java.util.function.ObjIntConsumer<byte[]> template) {
        SaAnswer a = engine.answer(v, request(GET, SaAttribute.PATH_RECORD, mask, template));
        assertThat(a.status()).as(SaStatus.name(a.status())).isZero();
        assertThat(a.count()).isEqualTo(1);
        return PathRecord.decode(a.records(), 0);
    }

    private static List<Integer> slids(SaAnswer a) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < a.count(); i++) {
            out.add(PathRecord.decode(a.records(), i * PathRecord.SIZE).slid());
        }
        return out;
    }

    private static long bit(int component) {
        return 1L << component;
    }

    private static java.util.function.ObjIntConsumer<byte[]> lids(int slid, int dlid) {
        return (b, o) -> {
            PathRecord.SLID.put(b, o, slid);
            PathRecord.DLID.put(b, o, dlid);
        };
    }

    private static java.util.function.ObjIntConsumer<byte[]> gids(Gid sgid, Gid dgid) {
        return (b, o) -> {
            sgid.write(PathRecord.SGID, b, o);
            dgid.write(PathRecord.DGID, b, o);
        };
    }

    private static java.util.function.ObjIntConsumer<byte[]> withMtu(int selector, int mtu) {
        return (b, o) -> {
            lids(4, 9).accept(b, o);
            PathRecord.MTU_SELECTOR.put(b, o, selector);
            PathRecord.MTU.put(b, o, mtu);
        };
    }

    private static java.util.function.ObjIntConsumer<byte[]> mtuBetween(int slid, int dlid, int selector, int mtu) {
        return (b, o) -> {
            lids(slid, dlid).accept(b, o);
            PathRecord.MTU_SELECTOR.put(b, o, selector);
            PathRecord.MTU.put(b, o, mtu);
        };
    }

    private static java.util.function.ObjIntConsumer<byte[]> withSl(int sl) {
        return (b, o) -> {
            lids(4, 9).accept(b, o);
            PathRecord.SL.put(b, o, sl);
        };
    }
}
