package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.event.EventSubscriptions;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.TestLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.query.SaViews;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.state.McastGroupState;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaDumpReader;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sa.testing.MemoryNetwork;
import dev.jsm.sa.testing.TestTransactions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * What the reference OpenSM's dump file restores into the SA's registries, and what is left out and said why; the
 * agent's export and import on its own thread.
 */
class SaStateAccessTest {

    private static final long MODIFIED = 0x6b16e26bL * 1000;
    private static final long PREFIX = 0xfe80_0000_0000_0000L;

    @AutoClose
    private final TestTransactions layers = new TestTransactions();

    private long nanos = 5_000_000_000L;
    private long wall = MODIFIED + 2_000;
    private final List<String> sm = new ArrayList<>();
    private final Refusals refusals = new Refusals(Duration.ofSeconds(60));
    private final McastRegistry mcast = new McastRegistry(new McastMembershipListener() {
        @Override
        public void groupCreated(int mlid, boolean wellKnown) {
            sm.add("create " + Integer.toHexString(mlid));
        }

        @Override
        public void groupDeleted(int mlid) {
            sm.add("delete " + Integer.toHexString(mlid));
        }

        @Override
        public void joined(int mlid, long portGuid) {
            sm.add("join " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
        }

        @Override
        public void left(int mlid, long portGuid) {
            sm.add("leave " + Integer.toHexString(mlid) + " " + Long.toHexString(portGuid));
        }
    }, TestLimits.unshared(), refusals);
    private final ServiceRegistry services = new ServiceRegistry(TestLimits.unshared(), refusals);
    private final EventSubscriptions subscriptions = new EventSubscriptions(TestLimits.unshared(), refusals);
    private final SaStateAccess access = new SaStateAccess(mcast, services, subscriptions, () -> nanos, () -> wall);

    @Test
    void theReferencesFileRestoresItsGroupsWithTheirMlidsItsLeasesAndItsSubscriptions() throws Exception {
        SaState file = reference();
        assertThat(access.restore(file)).isEmpty();
        assertThat(sm).as("the SM hears of every group and member").containsExactly("create c001", "join c001 100003",
                "join c001 100005", "join c001 100007", "create c002", "join c002 100007", "create c000");
        SaState now = access.export();
        assertThat(now.groups()).isEqualTo(file.groups());
        assertThat(mcast.mlidsInUse()).containsExactly(0xC000, 0xC001, 0xC002);
        assertThat(now.services()).extracting(ServiceState::leftMillis).as("read 2 s after modified_time")
                .containsExactly(ServiceState.INFINITE, 3599 * 1000L - 2_000);
        nanos += 1_000_000_000L;
        assertThat(access.export().services().get(1).leftMillis()).isEqualTo(3599 * 1000L - 3_000);
        assertThat(now.subscriptions()).extracting(s -> s.record().enumeration()).as("OpenSM wrote Enum 0 twice")
                .containsExactly(0, 1);
        assertThat(now.subscriptions()).extracting(s -> s.reportTo().qkey()).as("Q_Key 0 is QP1's")
                .containsOnly(MadAddress.QP1_QKEY);
    }

    @Test
    void whatCannotBeRestoredIsLeftOutAndSaidWhy() throws Exception {
        SaState file = reference();
        McMemberRecord p = file.groups().get(0).params();
        McMemberRecord clash = new McMemberRecord(new Gid(p.mgid().prefix(), 0x99), Gid.ZERO, p.qKey(), p.mlid(),
                p.mtuSelector(), p.mtu(), p.tClass(), p.pKey(), p.rateSelector(), p.rate(),
                p.packetLifeTimeSelector(), p.packetLifeTime(), p.sl(), p.flowLabel(), p.hopLimit(), p.scope(),
                p.joinState(), p.proxyJoin());
        McMemberRecord empty = new McMemberRecord(new Gid(p.mgid().prefix(), 0x9a), Gid.ZERO, p.qKey(), 0xC009,
                p.mtuSelector(), p.mtu(), p.tClass(), p.pKey(), p.rateSelector(), p.rate(),
                p.packetLifeTimeSelector(), p.packetLifeTime(), p.sl(), p.flowLabel(), p.hopLimit(), p.scope(),
                p.joinState(), p.proxyJoin());
        Gid h9 = new Gid(PREFIX, 9);
        List<McastGroupState> groups = new ArrayList<>(file.groups());
        groups.add(new McastGroupState(clash, false, h9, List.of(new McastMemberState(h9, 2, 1, 0))));
        groups.add(new McastGroupState(empty, false, h9, List.of(new McastMemberState(h9, 2, 2, 0))));
        wall = MODIFIED + 3600 * 1000L;
        List<String> problems = access.restore(new SaState(file.takenAtMillis(), groups, file.services(),
                file.subscriptions()));
        assertThat(problems).containsExactly(
                "group ff12:0000:0000:0000:0000:0000:0000:0099 (MLID 0xc001) left out: its MLID is group "
                        + "ff12:0000:0000:0000:0000:0000:0000:0077's",
                "group ff12:0000:0000:0000:0000:0000:0000:009a (MLID 0xc009) left out: not well known and no full "
                        + "member",
                "1 ServiceRecords left out: their leases ran out");
        assertThat(mcast.mlidsInUse()).containsExactly(0xC000, 0xC001, 0xC002);
    }

    @Test
    void theAgentExportsAndImportsOnItsOwnThreadAndSaysWhenNothingChanged() throws Exception {
        MemoryNetwork net = new MemoryNetwork(3, 0);
        MemoryNetwork.Endpoint sa = net.endpoint(1, 1);
        try (SaAgent agent = new SaAgent(sa, layers.on(sa), SaViews.small(), RmppSettings.defaults(), 100)) {
            // the agent ages a state by its own wall clock: the file as if taken now, so its leases have not run out
            SaState read = reference();
            SaState file = new SaState(System.currentTimeMillis(), read.groups(), read.services(),
                    read.subscriptions());
            assertThat(agent.importState(file).get(10, TimeUnit.SECONDS)).isEmpty();
            SaState out = agent.exportState(true).get(10, TimeUnit.SECONDS);
            assertThat(out.groups()).isEqualTo(file.groups());
            assertThat(out.services()).hasSize(2);
            assertThat(agent.exportState(true).get(10, TimeUnit.SECONDS)).as("nothing changed since").isNull();
            assertThat(agent.exportState(false).get(10, TimeUnit.SECONDS).groups()).hasSize(3);
        }
    }

    private SaState reference() throws Exception {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(SaDumpReader.class.getResourceAsStream(
                "reference-opensm-sa.dump"), StandardCharsets.ISO_8859_1))) {
            SaDumpReader.Result r = SaDumpReader.read(in, "reference-opensm-sa.dump", MODIFIED + 2_000);
            assertThat(r.damaged()).isFalse();
            return r.state();
        }
    }
}
