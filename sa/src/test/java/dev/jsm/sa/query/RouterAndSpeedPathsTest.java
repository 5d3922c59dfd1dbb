package dev.jsm.sa.query;

import static dev.jsm.sa.codec.PathRecord.COMPONENT_DGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_DLID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SGID;
import static dev.jsm.sa.codec.PathRecord.COMPONENT_SLID;
import static dev.jsm.sa.query.SaRequests.GET;
import static dev.jsm.sa.query.SaRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import dev.jsm.routing.fileformat.PrefixRoutesFile;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.testing.DrBringUp;
import dev.jsm.sa.testing.FabricSnapshots;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.util.function.ObjIntConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PathRecords on a simulated fabric of mixed speeds with two routers (docs/link-speeds.md, docs/routers.md): the
 * rate codes of XDR, NDR at 2x, FDR10, and with {@code use_original_extended_sa_rates_only}; PathRecords to GIDs
 * behind a router through the prefix routes, as the reference OpenSM answered them on the same kind of fabric (an EDR
 * host to a router port at HDR: DLID the router's, HopLimit 0xFF, the DGID as asked, rate 100 Gb/s, MTU 2048); a
 * port named by an alias GUID.
 */
class RouterAndSpeedPathsTest {

    private static final String NET = """
            Switch 8 "sw"
            [1] "sm"[1] speed=edr width=4x
            [2] "xdr"[1] speed=xdr width=4x
            [3] "xdr-b"[1] speed=xdr width=4x
            [4] "ndr"[1] speed=ndr width=4x
            [5] "ndr2x"[1] speed=ndr width=2x
            [6] "fdr10"[1] speed=fdr10 width=4x
            [7] "rt"[1] speed=hdr width=4x
            [8] "rt2"[1] speed=hdr width=4x

            Hca 1 "sm"
            [1] "sw"[1] speed=edr width=4x
            Hca 1 "xdr"
            [1] "sw"[2] speed=xdr width=4x
            Hca 1 "xdr-b"
            [1] "sw"[3] speed=xdr width=4x
            Hca 1 "ndr"
            [1] "sw"[4] speed=ndr width=4x
            Hca 1 "ndr2x"
            [1] "sw"[5] speed=ndr width=2x
            Hca 1 "fdr10"
            [1] "sw"[6] speed=fdr10 width=4x
            rtguid=0x101
            Rt 1 "rt"
            [1] "sw"[7] speed=hdr width=4x
            rtguid=0x200
            Rt 1 "rt2"
            [1] "sw"[8] speed=hdr width=4x
            """;
    /** LID of the host or router on switch port {@code p}: {@code p + 2}; the SM's port 1, the switch 2. */
    private static final int XDR = 4;
    private static final int XDR_B = 5;
    private static final int NDR = 6;
    private static final int NDR_2X = 7;
    private static final int FDR10 = 8;
    private static final int RT = 9;
    private static final int RT2 = 10;
    private static final long RT_PORT = 0x102;
    private static final Gid SM_GID = new Gid(RouterPaths.DEFAULT_SUBNET_PREFIX, 0x100001);
    private static final Gid REMOTE = new Gid(0xfec0_0000_0000_0001L, 0x0002c90300000005L);

    private static Topology topology;
    private static SimFabric fabric;
    private static SaView view;
    private final SaQueryEngine engine = new SaQueryEngine();

    @BeforeAll
    static void bringUp() throws Exception {
        topology = TopologyReader.parse(NET, "mixed.net");
        fabric = new SimFabric(topology);
        DrBringUp up = new DrBringUp(fabric.openChannel("sm", 1));
        up.setLid(DrPath.local(), 1, 1, 1);
        up.setGidPrefix(DrPath.local(), 1, RouterPaths.DEFAULT_SUBNET_PREFIX);
        up.setLid(DrPath.of(1), 0, 2, 1);
        int[] lft = new int[11];
        lft[1] = 1;
        for (int p = 2; p <= 8; p++) {
            up.setLid(DrPath.of(1, p), 1, p + 2, 1);
            up.setGidPrefix(DrPath.of(1, p), 1, RouterPaths.DEFAULT_SUBNET_PREFIX);
            lft[p + 2] = p;
        }
        up.setLft(DrPath.of(1), lft);
        view = SaView.of(FabricSnapshots.of(topology, fabric::portInfo, fabric::lftPort, 10),
                new SmIdentity(1, new SmInfo(0x100001, 0, 1, 0, SmInfo.STATE_MASTER)), SaSettings.defaults());
    }

    @AfterAll
    static void close() {
        fabric.close();
    }

    @Test
    void ratesOfTheSpeedsBeyondEdr() {
        assertThat(rate(view, XDR, XDR_B)).as("4x XDR: 800 Gb/s").isEqualTo(23);
        assertThat(rate(view, XDR, NDR)).as("4x NDR: 400 Gb/s").isEqualTo(21);
        assertThat(rate(view, XDR, NDR_2X)).as("2x NDR: 200 Gb/s").isEqualTo(17);
        assertThat(rate(view, XDR, FDR10)).as("FDR10 is QDR in PortInfo: 40 Gb/s").isEqualTo(7);
        assertThat(rate(view, 1, XDR)).as("4x EDR at the source: 100 Gb/s").isEqualTo(16);
        assertThat(rate(view, XDR, RT)).as("4x HDR router port: 200 Gb/s").isEqualTo(17);
    }

    @Test
    void originalExtendedRatesOnlyKeepsTheRatesOf12xEdrAndBefore() {
        SaView original = view.withSettings(view.settings().withRouting(true, 0, RouterPaths.NONE));
        assertThat(rate(original, XDR, XDR_B)).as("800 -> 300 Gb/s").isEqualTo(18);
        assertThat(rate(original, XDR, NDR)).as("400 -> 300 Gb/s").isEqualTo(18);
        assertThat(rate(original, XDR, NDR_2X)).as("200 Gb/s was there before HDR").isEqualTo(17);
        assertThat(rate(original, 1, XDR)).isEqualTo(16);
    }

    @Test
    void aGidBehindARouterGetsThePathToTheRouterOfItsPrefix() throws Exception {
        SaView routed = withRoutes("0xfec0000000000001 0x102\n");
        PathRecord p = single(routed, gids(SM_GID, REMOTE));
        assertThat(p.dlid()).as("the router rt").isEqualTo(RT);
        assertThat(p.slid()).isEqualTo(1);
        assertThat(p.dgid()).as("the DGID asked for").isEqualTo(REMOTE);
        assertThat(p.sgid()).isEqualTo(SM_GID);
        assertThat(p.hopLimit()).isEqualTo(0xFF);
        assertThat(p.rate()).as("EDR host, HDR router: 100 Gb/s, as the reference answered").isEqualTo(16);
        assertThat(p.mtu()).as("2048").isEqualTo(4);
        assertThat(p.flowLabel()).isZero();
        assertThat(p.tClass()).isZero();

        PathRecord local = single(routed, gids(SM_GID, new Gid(RouterPaths.DEFAULT_SUBNET_PREFIX, 0x100003)));
        assertThat(local.hopLimit()).as("a local path").isZero();
        assertThat(local.dlid()).isEqualTo(XDR);
    }

    @Test
    void withoutARouteForItsPrefixTheGidIsInvalid() throws Exception {
        SaView routed = withRoutes("0xfec0000000000002 0x102\n");
        assertThat(engine.answer(routed, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(SM_GID, REMOTE))).status())
                .isEqualTo(SaStatus.INVALID_GID);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(SM_GID, REMOTE))).status())
                .as("no prefix routes file").isEqualTo(SaStatus.INVALID_GID);
        SaView elsewhere = withRoutes("* 0x777\n");
        assertThat(engine.answer(elsewhere, request(GET, SaAttribute.PATH_RECORD,
                bit(COMPONENT_SGID) | bit(COMPONENT_DGID), gids(SM_GID, REMOTE))).status())
                .as("the first matching route names a router the fabric does not have").isEqualTo(SaStatus.INVALID_GID);
    }

    @Test
    void theFirstRouterIsTheLowestGuidWithItsBytesReversed() throws Exception {
        SaView any = withRoutes("# any prefix, the first router\n* *\n");
        assertThat(single(any, gids(SM_GID, REMOTE)).dlid()).as("0x201 reversed is below 0x102 reversed")
                .isEqualTo(RT2);
    }

    @Test
    void theRouterPathValuesApply() throws Exception {
        RouterPaths r = new RouterPaths(RouterPaths.DEFAULT_SUBNET_PREFIX,
                PrefixRoutesFile.parse("routes", "* 0x102\n"), 0x12345, 0x40, 3, 3, 7, false);
        SaView routed = view.withSettings(view.settings().withRouting(false, 0, r));
        PathRecord p = single(routed, gids(new Gid(RouterPaths.DEFAULT_SUBNET_PREFIX, 0x100003), REMOTE));
        assertThat(p.flowLabel()).isEqualTo(0x12345);
        assertThat(p.tClass()).isEqualTo(0x40);
        assertThat(p.sl()).isEqualTo(3);
        assertThat(p.mtu()).as("at most rtr_pr_mtu 1024").isEqualTo(3);
        assertThat(p.rate()).as("at most rtr_pr_rate 40 Gb/s").isEqualTo(7);
    }

    @Test
    void aPortNamedByAnAliasGuid() {
        long alias = 0x0002c90300000099L;
        SaView aliased = view.withAliases(new AliasGuids() {
            @Override
            public long portOf(long guid) {
                return guid == alias ? 0x100003 : 0;
            }

            @Override
            public long[] table(long portGuid) {
                return null;
            }
        });
        Gid byAlias = new Gid(RouterPaths.DEFAULT_SUBNET_PREFIX, alias);
        PathRecord p = single(aliased, gids(SM_GID, byAlias));
        assertThat(p.dlid()).isEqualTo(XDR);
        assertThat(p.dgid()).as("the alias asked for").isEqualTo(byAlias);
        assertThat(engine.answer(view, request(GET, SaAttribute.PATH_RECORD, bit(COMPONENT_SGID)
                | bit(COMPONENT_DGID), gids(SM_GID, byAlias))).status()).as("no such alias")
                .isEqualTo(SaStatus.INVALID_GID);
    }

    private SaView withRoutes(String file) throws Exception {
        RouterPaths r = new RouterPaths(RouterPaths.DEFAULT_SUBNET_PREFIX, PrefixRoutesFile.parse("routes", file),
                0, 0, 0, 4, 16, false);
        return view.withSettings(view.settings().withRouting(false, 0, r));
    }

    private int rate(SaView v, int slid, int dlid) {
        SaAnswer a = engine.answer(v, request(GET, SaAttribute.PATH_RECORD, bit(COMPONENT_SLID) | bit(COMPONENT_DLID),
                (b, o) -> {
                    PathRecord.SLID.put(b, o, slid);
                    PathRecord.DLID.put(b, o, dlid);
                }));
        assertThat(a.status()).isZero();
        return PathRecord.decode(a.records(), 0).rate();
    }

    private PathRecord single(SaView v, ObjIntConsumer<byte[]> template) {
        SaAnswer a = engine.answer(v, request(GET, SaAttribute.PATH_RECORD, bit(COMPONENT_SGID) | bit(COMPONENT_DGID),
                template));
        assertThat(a.status()).as(SaStatus.name(a.status())).isZero();
        assertThat(a.count()).isEqualTo(1);
        return PathRecord.decode(a.records(), 0);
    }

    private static long bit(int component) {
        return 1L << component;
    }

    private static ObjIntConsumer<byte[]> gids(Gid sgid, Gid dgid) {
        return (b, o) -> {
            sgid.write(PathRecord.SGID, b, o);
            dgid.write(PathRecord.DGID, b, o);
        };
    }
}
