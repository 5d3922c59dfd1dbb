package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.query.RouterPaths;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaQueryEngine;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.testing.SaSimFabric;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.Topology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GUIDInfoRecord Set and Delete with OpenSM's rules (docs/routers.md) on the SA's simulated fabric: host h2 (LID 3,
 * port GUID 0x100003, GUIDCap 32) gets alias GUIDs from host h3 (LID 4).
 */
class AliasGuidRegistryTest {

    private static final int SET = 0x02;
    private static final int DELETE = 0x15;
    private static final int GET = 0x01;
    private static final long LID_AND_BLOCK = 1L << 0 | 1L << 1;
    private static final long H2 = 0x100003L;
    private static final long ALIAS = 0x0002c9030000a001L;

    private SimFabric fabric;
    private SaView view;
    private final List<String> changes = new ArrayList<>();
    private final AliasGuidRegistry registry = new AliasGuidRegistry(new McastRegistry(McastMembershipListener.NONE,
            TestLimits.unshared(), new Refusals(Duration.ofSeconds(60))));

    @BeforeEach
    void setUp() throws Exception {
        Topology t = SaSimFabric.topology();
        fabric = new SimFabric(t);
        SaSimFabric.bringUp(fabric.openChannel("sa", 1));
        view = SaSimFabric.view(t, fabric);
        registry.setListener((port, block, guids) -> changes.add(Long.toHexString(port) + "/" + block + ": "
                + Long.toHexString(guids[1]) + " " + Long.toHexString(guids[2])));
    }

    @AfterEach
    void tearDown() {
        fabric.close();
    }

    @Test
    void setTakesTheGivenGuidsAndAssignsForZero() {
        SaAnswer a = registry.set(view, request(SET, 3, 0, 1L << 5 | 1L << 6, 0, ALIAS, 0));
        assertThat(a.status()).isZero();
        GuidInfoRecord r = GuidInfoRecord.decode(a.records(), 0);
        long assigned = 0x0014_0500_0000_0001L;
        assertThat(r.lid()).isEqualTo(3);
        assertThat(r.guids()).containsExactly(H2, ALIAS, assigned, 0, 0, 0, 0, 0);
        assertThat(changes).containsExactly("100003/0: " + Long.toHexString(ALIAS) + " " + Long.toHexString(assigned));
        assertThat(registry.portOf(ALIAS)).isEqualTo(H2);
        assertThat(registry.portOf(assigned)).isEqualTo(H2);

        assertThat(GuidInfoRecord.decode(registry.set(view, request(SET, 3, 0, 1L << 6, 0, 0, 0)).records(), 0)
                .guids()[2]).as("GUID 0 keeps the alias there").isEqualTo(assigned);
        assertThat(changes).as("nothing changed").hasSize(1);

        SaAnswer get = new SaQueryEngine().answer(view.withAliases(registry), request(GET, 3, 0, 0, 0, 0, 0));
        assertThat(GuidInfoRecord.decode(get.records(), 0).guids()).as("GUIDInfoRecord Get shows them")
                .containsExactly(H2, ALIAS, assigned, 0, 0, 0, 0, 0);
    }

    @Test
    void aGuidTakenElsewhereIsNotTaken() {
        registry.set(view, request(SET, 3, 0, 1L << 5, 0, ALIAS, 0));
        changes.clear();

        GuidInfoRecord other = GuidInfoRecord.decode(registry.set(view, request(SET, 4, 0, 1L << 5 | 1L << 6, 0,
                ALIAS, 0x100001)).records(), 0);
        assertThat(other.guids()[1]).as("h2's alias").isZero();
        assertThat(other.guids()[2]).as("the SA port's own GUID").isZero();
        assertThat(changes).isEmpty();
        assertThat(registry.portOf(ALIAS)).isEqualTo(H2);
    }

    @Test
    void deleteClearsTheGuidsInTheMask() {
        registry.set(view, request(SET, 3, 0, 1L << 5 | 1L << 6, 0, ALIAS, 0x77));
        changes.clear();

        GuidInfoRecord r = GuidInfoRecord.decode(registry.delete(view, request(DELETE, 3, 0, 1L << 5, 0, 0, 0))
                .records(), 0);
        assertThat(r.guids()).containsExactly(H2, 0, 0x77, 0, 0, 0, 0, 0);
        assertThat(registry.portOf(ALIAS)).isZero();
        assertThat(changes).containsExactly("100003/0: 0 77");

        SaAnswer again = registry.set(view, request(SET, 3, 0, 1L << 5, 0, 0, 0));
        assertThat(GuidInfoRecord.decode(again.records(), 0).guids()[1]).as("a new SA-assigned GUID")
                .isEqualTo(0x0014_0500_0000_0001L);
    }

    @Test
    void requestsOpenSmRefuses() {
        assertThat(registry.set(view, request(SET, 3, 0, 1L << 4, 0, 0, 0)).status()).as("GUID0 of block 0")
                .isEqualTo(SaStatus.REQ_INVALID);
        assertThat(registry.set(view, new SaRequest(new MadAddress.LidRouted(4, 1, MadAddress.QP1_QKEY, 0, 0), SET,
                SaAttribute.GUID_INFO_RECORD, 0, 1, new SaHeader(0, 0, 1L), new byte[200], false)).status())
                .as("no BlockNum").isEqualTo(SaStatus.INSUFFICIENT_COMPONENTS);
        assertThat(registry.set(view, request(SET, 77, 0, 1L << 5, 0, ALIAS, 0)).status()).as("no such LID")
                .isEqualTo(SaStatus.NO_RECORDS);
        assertThat(registry.set(view, request(SET, 3, 4, 1L << 5, 0, ALIAS, 0)).status()).as("GUIDCap 32: 4 blocks")
                .isEqualTo(SaStatus.NO_RECORDS);
        assertThat(registry.delete(view, request(DELETE, 3, 0, 1L << 5, 0, 0, 0)).status())
                .as("nothing to delete: the record back").isZero();
        assertThat(changes).isEmpty();
    }

    @Test
    void theAssignedByteIsSmAssignedGuidAndDepartedPortsAreForgotten() throws Exception {
        SaView byte42 = view.withSettings(view.settings().withRouting(false, 0x42, RouterPaths.NONE));
        assertThat(GuidInfoRecord.decode(registry.set(byte42, request(SET, 3, 0, 1L << 5, 0, 0, 0)).records(), 0)
                .guids()[1]).isEqualTo(0x0014_0542_0000_0001L);

        registry.dropDeparted(view);
        assertThat(registry.table(H2)).as("h2 is still there").isNotNull();
        registry.dropDeparted(SaView.empty(view.settings()));
        assertThat(registry.table(H2)).as("h2 is gone").isNull();
        assertThat(registry.portOf(0x0014_0542_0000_0001L)).isZero();
    }

    @Test
    void rtrAguidEnableGivesEveryCaPortOneAliasAtIndexOneOnce() {
        assertThat(registry.giveCaAliases(view)).as("rtr_aguid_enable 0").isZero();
        registry.set(view, request(SET, 3, 0, 1L << 5, 0, ALIAS, 0));
        changes.clear();
        SaView enabled = view.withSettings(view.settings().withRouting(false, 0, new RouterPaths(
                RouterPaths.DEFAULT_SUBNET_PREFIX, RouterPaths.NONE.routes(), 0, 0, 0, 4, 16, true)));

        assertThat(registry.giveCaAliases(enabled)).as("sa, h3, h4, h5; h2 has one at index 1").isEqualTo(4);
        long h3 = 0x100005L;
        long[] given = registry.table(h3);
        assertThat(given[1]).as("the second assigned: the sa port's is the first").isEqualTo(0x0014_0500_0000_0002L);
        assertThat(registry.portOf(given[1])).isEqualTo(h3);
        assertThat(registry.table(H2)[1]).as("the alias h2 was given by a Set stays").isEqualTo(ALIAS);
        assertThat(changes).hasSize(4).contains("100005/0: 14050000000002 0");
        assertThat(registry.giveCaAliases(enabled)).as("each has one now").isZero();

        registry.dropDeparted(SaView.empty(enabled.settings()));
        assertThat(registry.giveCaAliases(enabled)).as("all back").isEqualTo(5);
        assertThat(registry.table(h3)[1]).as("h3 gets the GUID it had before").isEqualTo(given[1]);
    }

    /** A GUIDInfoRecord request from h3 (LID 4): LID, BlockNum and the first three GUIDs. */
    private static SaRequest request(int method, int lid, int block, long extraMask, long g0, long g1, long g2) {
        byte[] data = new byte[200];
        new GuidInfoRecord(lid, block, new long[] {g0, g1, g2, 0, 0, 0, 0, 0}).encodeTo(data, 0);
        return new SaRequest(new MadAddress.LidRouted(4, 1, MadAddress.QP1_QKEY, 0, 0), method,
                SaAttribute.GUID_INFO_RECORD, 0, 1, new SaHeader(0, 0, LID_AND_BLOCK | extraMask), data, false);
    }
}
