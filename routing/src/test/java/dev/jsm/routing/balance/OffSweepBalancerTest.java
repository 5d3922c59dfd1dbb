package dev.jsm.routing.balance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EgressCandidates;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.repair.RepairOutcome;
import dev.jsm.routing.repair.RepairPolicy;
import dev.jsm.routing.repair.RepairRules;
import dev.jsm.routing.repair.RouteRepair;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.routing.verify.RouteVerifier;
import dev.jsm.routing.verify.VerifierReport;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Link;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The off-sweep balancer: all-to-all link load max/mean (the route verifier's) before and after, on the 3-level fat
 * trees where minhop and updn load one link about 16 times the mean; routes stay within the engine's candidates
 * (shortest for minhop, legal up*&#47;down* for updn, dimension order for dor).
 */
class OffSweepBalancerTest {

    private static final RouteVerifier VERIFIER = new RouteVerifier();
    /** The 1296-host 3-level fat tree of 36-port switches (4 pods). */
    private static final String FAT3_1296 = "fat3:k=36,pods=4";

    private static RoutingEngine engine(String name) {
        return RoutingEngines.load().factory(name).create(EngineOptions.defaults());
    }

    private static LftTables route(RoutingEngine engine, RoutingInput in) {
        LftTables t = LftTables.forInput(in);
        assertThat(engine.route(in, t).isRouted()).isTrue();
        return t;
    }

    @Test
    void theBalancedTablesKeepTheVPortLidsOnTheirPortsRoutes() {
        Subnet s = TopologySubnets.subnet(TopologyShapes.parse("fat3:k=8"), 0);
        VPortFabrics.addVPorts(s, 1, false);
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(s), 0);
        RoutingEngine minhop = engine("minhop");
        LftTables before = route(minhop, in);
        before.copyExtraLids(in);

        LftTables after = balanced(in, before, minhop).tables();

        assertThat(in.extraLids()).hasSize(128);
        for (int k = 0; k < in.extraLids().length; k++) {
            for (int sw = 0; sw < in.switchCount(); sw++) {
                assertThat(after.port(sw, in.extraLids()[k])).isEqualTo(after.port(sw, in.extraLidBase()[k]));
            }
        }
        assertThat(VERIFIER.verify(in, after).unreachablePairs()).isZero();
    }

    private static BalanceOutcome.Balanced balanced(RoutingInput in, LftTables t, RoutingEngine engine) {
        BalanceOutcome o = OffSweepBalancer.balance(in, t, RepairPolicy.of(engine), 2);
        assertThat(o).as(o.toString()).isInstanceOf(BalanceOutcome.Balanced.class);
        return (BalanceOutcome.Balanced) o;
    }

    /**
     * Delivered as the tables balanced were (updn leaves switches without a legal route to a CA without an entry,
     * in a full pass too), on shortest paths, free of credit loops where the engine promises it, within its
     * candidates.
     */
    private static VerifierReport assertValid(RoutingInput in, LftTables t, RoutingEngine engine, LftTables was) {
        VerifierReport r = VERIFIER.verify(in, t);
        assertThat(r.unreachablePairs()).as(r.format()).isEqualTo(VERIFIER.verify(in, was).unreachablePairs());
        assertThat(r.hops().nonMinimalPairs()).as(r.format()).isZero();
        RepairPolicy policy = RepairPolicy.of(engine);
        if (policy.promisesDeadlockFreedom()) {
            assertThat(r.creditLoops().hasCycle()).as(r.format()).isFalse();
        }
        EgressCandidates c = ((RepairRules.Candidates) policy.rules(in, 1)).candidates().get();
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int lid = 1; lid <= in.maxLid(); lid++) {
                int d = in.lidOwnerSwitch()[lid];
                if (d >= 0 && d != sw && !in.endPortIsSwitch()[in.lidEndPort()[lid]] && c.reaches(sw, d)) {
                    assertThat(c.allows(sw, d, t.port(sw, lid))).as("%s LID %d port %d", in.describeSwitch(sw), lid,
                            t.port(sw, lid)).isTrue();
                }
            }
        }
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"minhop", "updn"})
    void bringsTheLoadOfThe1296HostTreeFrom16TimesTheMeanToAtMostOneAndAHalf(String name) {
        RoutingInput in = TopologySubnets.input(FAT3_1296, 0);
        RoutingEngine engine = engine(name);
        LftTables t = route(engine, in);
        double before = VERIFIER.verify(in, t).linkLoad().maxOverMean();

        BalanceOutcome.Balanced b = balanced(in, t, engine);

        double after = assertValid(in, b.tables(), engine, t).linkLoad().maxOverMean();
        assertThat(before).isGreaterThan(15);
        assertThat(after).isLessThanOrEqualTo(1.5);
        assertThat(b.stats().maxOverMean()).as("the pass's own figure is the verifier's").isEqualTo(after);
        assertThat(b.stats().lidsBalanced()).isEqualTo(1296);
    }

    @ParameterizedTest
    @CsvSource({"minhop, fat3:k=8", "updn, fat3:k=8", "dnup, fat3:k=8", "minhop, 'torus:dims=4x4x3,hosts=2'",
        "dor, 'mesh:dims=5x4,links=2,hosts=2'", "sssp, 'random:switches=24,radix=12,degree=4,hosts=2,seed=5'"})
    void staysWithinTheEnginesCandidatesAndNeverLoadsWorseThanItsFullPass(String name, String shape) {
        RoutingInput in = TopologySubnets.input(shape, 0);
        RoutingEngine engine = engine(name);
        LftTables t = route(engine, in);
        double before = VERIFIER.verify(in, t).linkLoad().maxOverMean();

        BalanceOutcome.Balanced b = balanced(in, t, engine);

        assertThat(assertValid(in, b.tables(), engine, t).linkLoad().maxOverMean()).isLessThanOrEqualTo(before);
    }

    @Test
    void balancingBalancedTablesChangesNothing() {
        RoutingInput in = TopologySubnets.input("fat3:k=8", 0);
        RoutingEngine engine = engine("minhop");
        BalanceOutcome.Balanced once = balanced(in, route(engine, in), engine);

        BalanceOutcome.Balanced twice = balanced(in, once.tables(), engine);

        assertThat(twice.stats().entriesChanged()).isZero();
        assertThat(twice.tables().contentEquals(once.tables())).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"minhop", "updn"})
    void afterRepairsReturnsAtLeastToTheBalanceOfAFullPass(String name) {
        // a leaf that lost one of its 18 uplinks takes each of its hosts' traffic through one of 17 down links: one
        // link carries two hosts' worth, so max/mean is about 2.3 here, against about 15 for a full pass

        Subnet subnet = TopologyModel.subnet(TopologyShapes.parse(FAT3_1296), 0);
        RoutingEngine engine = engine(name);
        RoutingInput before = input(subnet);
        LftTables tables = route(engine, before);
        List<Link> cables = switchCables(subnet);
        for (int i = 0; i < 3; i++) {
            subnet.disconnect(cables.get(i * 997 % cables.size()).a());
        }
        RoutingInput after = input(subnet);
        RepairOutcome repair = RouteRepair.repair(before, tables, after, RepairPolicy.of(engine), 2);
        assertThat(repair).as(repair.toString()).isInstanceOf(RepairOutcome.Repaired.class);
        LftTables repaired = ((RepairOutcome.Repaired) repair).tables();
        double fullPass = VERIFIER.verify(after, route(engine(name), after)).linkLoad().maxOverMean();

        BalanceOutcome.Balanced b = balanced(after, repaired, engine);

        double balancedLoad = assertValid(after, b.tables(), engine, repaired).linkLoad().maxOverMean();
        assertThat(balancedLoad).isLessThanOrEqualTo(fullPass);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftree", "lash"})
    void enginesWithoutCandidatesAreNotBalanced(String name) {
        RoutingInput in = TopologySubnets.input("fat2:k=8,leaves=4,spines=2,hosts=4", 0);
        RoutingEngine engine = engine(name);

        BalanceOutcome o = OffSweepBalancer.balance(in, route(engine, in), RepairPolicy.of(engine), 1);

        assertThat(o).isInstanceOf(BalanceOutcome.NotBalanced.class);
    }

    private static RoutingInput input(Subnet subnet) {
        subnet.index();
        return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
    }

    /** The leaf-to-mid cables: their loss keeps updn's roots (a core losing a pod would not be one any more). */
    private static List<Link> switchCables(Subnet subnet) {
        List<Link> out = new ArrayList<>();
        for (Link l : subnet.links()) {
            if (l.isSwitchToSwitch() && l.a().node().description().startsWith("leaf")) {
                out.add(l);
            }
        }
        out.sort(Comparator.comparingLong((Link l) -> l.a().node().nodeGuid()).thenComparingInt(l -> l.a().portNum()));
        return out;
    }
}
