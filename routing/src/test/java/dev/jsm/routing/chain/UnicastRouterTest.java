package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.chain.RoutingPass.Kind;
import dev.jsm.routing.chain.RoutingPass.SetUp;
import dev.jsm.routing.chain.RoutingRequest.InForce;
import dev.jsm.routing.chain.RoutingRequest.Persisted;
import dev.jsm.routing.chain.RoutingRequest.Repair;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.portgroup.PartitionMembers;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@link UnicastRouter}: each sweep's one decision - keep, repair, reuse the persisted routing, or compute anew -
 * with the chain set up again when its options change, on a 2-level fat tree with two cables between each leaf and
 * spine, minhop unless a test says otherwise.
 */
class UnicastRouterTest {

    private static final String FAT2_PARALLEL = "fat2:k=8,leaves=4,spines=2,hosts=4";

    private final Subnet subnet = TopologyModel.subnet(TopologyShapes.parse(FAT2_PARALLEL), 0);
    private final RoutingEngines known = RoutingEngines.load();
    private InForce inForce;

    @Test
    void aFirstRoutingIsComputedThenKeptWhileNothingChangesAndComputedAgainWhenAsked() {
        UnicastRouter router = UnicastRouter.setUp(minhop(), known, 1);
        RoutingPass first = router.route(request(minhop(), false, Repair.INCREMENTAL, null));
        assertThat(first.kind()).isEqualTo(Kind.COMPUTE);
        assertThat(first.result()).as("nothing routed before compute()").isNull();
        RoutingPass done = record(first.compute());
        assertThat(done.kind()).isEqualTo(Kind.COMPUTED);
        assertThat(done.result().isRouted()).isTrue();
        assertThat(done.engine().name()).isEqualTo("minhop");
        assertThat(done.verify(() -> { }).unreachablePairs()).isZero();

        assertThat(router.route(request(minhop(), false, Repair.INCREMENTAL, null)).kind()).isEqualTo(Kind.KEPT);
        assertThat(router.route(request(minhop(), true, Repair.INCREMENTAL, null)).kind())
                .as("a reroute asked for").isEqualTo(Kind.COMPUTE);
    }

    @Test
    void aChangedFabricIsRepairedAsFarAsTheRepairOptionsAllow() {
        UnicastRouter router = UnicastRouter.setUp(minhop(), known, 1);
        record(router.route(request(minhop(), false, Repair.NONE, null)).compute());
        PhysPort parallel = parallelCable();
        PhysPort peer = parallel.remote();
        subnet.disconnect(parallel);

        RoutingPass none = router.route(request(minhop(), false, Repair.NONE, null));
        assertThat(none.kind()).isEqualTo(Kind.COMPUTE);
        assertThat(none.info()).isEmpty();
        RoutingPass cached = record(router.route(request(minhop(), false, Repair.UCAST_CACHE, null)));
        assertThat(cached.kind()).as("a parallel cable gone: the unicast cache survives it")
                .isEqualTo(Kind.REPAIRED);
        assertThat(cached.info()).singleElement().asString().startsWith("minhop routes repaired: ");
        assertThat(cached.verify(() -> { }).unreachablePairs()).isZero();

        subnet.connect(parallel, peer);
        RoutingPass invalidated = router.route(request(minhop(), false, Repair.UCAST_CACHE, null));
        assertThat(invalidated.kind()).as("a new cable: the unicast cache does not survive it")
                .isEqualTo(Kind.COMPUTE);
        assertThat(invalidated.cacheInvalidated()).isTrue();
        assertThat(invalidated.info()).singleElement().asString().startsWith("unicast cache invalidated: ");
        assertThat(router.route(request(minhop(), false, Repair.INCREMENTAL, null)).kind())
                .as("incremental_routing repairs it").isEqualTo(Kind.REPAIRED);
    }

    @Test
    void otherOptionsSetTheChainUpAgainAndOptionsThatCannotAreRefused() {
        UnicastRouter router = UnicastRouter.setUp(minhop(), known, 1);
        record(router.route(request(minhop(), false, Repair.INCREMENTAL, null)).compute());

        RoutingPass updn = router.route(request(chain("updn"), false, Repair.INCREMENTAL, null));
        assertThat(updn.setUp()).isEqualTo(SetUp.AGAIN);
        assertThat(updn.kind()).isEqualTo(Kind.COMPUTE);
        assertThat(record(updn.compute()).engine().name()).isEqualTo("updn");

        RoutingPass bad = router.route(request(chain("nonsuch"), false, Repair.INCREMENTAL, null));
        assertThat(bad.setUp()).isEqualTo(SetUp.REFUSED);
        assertThat(bad.setUpError()).contains("unknown routing engine 'nonsuch'");
        assertThat(bad.kind()).as("the chain in force stays, and its routes").isEqualTo(Kind.KEPT);
        assertThat(router.route(request(chain("nonsuch"), false, Repair.INCREMENTAL, null)).setUp())
                .as("refused once per change").isEqualTo(SetUp.SAME);
    }

    @Test
    void aPersistedRoutingIsReusedUnderTheSameOptionsOnly() {
        RoutingPass routed = UnicastRouter.setUp(minhop(), known, 1)
                .route(request(minhop(), false, Repair.INCREMENTAL, null)).compute();
        PersistedRouting saved = new PersistedRouting(routed.input(), routed.result().tables(), "minhop", false, "fp",
                0);

        RoutingPass reused = UnicastRouter.setUp(minhop(), known, 1)
                .route(request(minhop(), false, Repair.INCREMENTAL, new Persisted(saved, () -> true, "jsm-routing")));
        assertThat(reused.kind()).isEqualTo(Kind.REUSED);
        assertThat(reused.persistedDecision()).startsWith("routing reused from jsm-routing (minhop, saved ")
                .endsWith("fabric unchanged; 0 entries changed");
        assertThat(reused.result().tables().contentEquals(saved.tables())).isTrue();
        assertThat(reused.engine().name()).isEqualTo("minhop");

        RoutingPass otherOptions = UnicastRouter.setUp(minhop(), known, 1)
                .route(request(minhop(), false, Repair.INCREMENTAL, new Persisted(saved, () -> false, "jsm-routing")));
        assertThat(otherOptions.kind()).isEqualTo(Kind.COMPUTE);
        assertThat(otherOptions.persistedDecision()).isEqualTo("persisted routing not used: the routing options "
                + "(routing_engine, lmc or an engine's option) changed; the routes are computed anew");

        subnet.removeNode(leaf());
        AtomicBoolean asked = new AtomicBoolean();
        RoutingPass switchGone = UnicastRouter.setUp(minhop(), known, 1).route(request(minhop(), false,
                Repair.INCREMENTAL, new Persisted(saved, () -> asked.getAndSet(true), "jsm-routing")));
        assertThat(switchGone.persistedDecision()).startsWith("persisted routing not used: a switch is missing (");
        assertThat(asked).as("the options' fingerprint is not needed then").isFalse();
    }

    private static ChainSpec minhop() {
        return chain("minhop");
    }

    private static ChainSpec chain(String engine) {
        return new ChainSpec(engine, EngineOptions.defaults());
    }

    /** A request for the fabric as the subnet is now, with the routing in force recorded so far. */
    private RoutingRequest request(ChainSpec chain, boolean reroute, Repair repair, Persisted persisted) {
        subnet.index();
        SubnetSnapshot s = SubnetSnapshot.of(subnet);
        return new RoutingRequest(s, () -> s, 0, 0, PartitionMembers.NONE, chain, null, false, reroute, repair,
                inForce, persisted);
    }

    /** Makes a completed pass's routing the routing in force, as the daemon records it. */
    private RoutingPass record(RoutingPass pass) {
        inForce = new InForce(pass.input(), pass.result(), pass.engine());
        return pass;
    }

    /** A leaf's port cabled to a spine (every leaf has two cables to each spine here). */
    private PhysPort parallelCable() {
        for (PhysPort p : leaf().ports()) {
            if (p.remote() != null && p.remote().node().isSwitch()) {
                return p;
            }
        }
        throw new IllegalStateException("no cable between switches");
    }

    private Node leaf() {
        return subnet.nodes().stream().filter(n -> n.isSwitch() && n.description().startsWith("leaf")).findFirst()
                .orElseThrow();
    }
}
