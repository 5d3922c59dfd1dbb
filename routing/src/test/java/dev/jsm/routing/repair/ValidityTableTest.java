package dev.jsm.routing.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The validity table of the incremental routing design (docs/reference/incremental-routing.md#the-validity-table),
 * row by row, as repair
 * cases: what each change does to the LFTs of a routed fabric, checked by the full verifier and by counting the
 * entries that changed. minhop on generated fat trees unless a row is about another engine.
 */
class ValidityTableTest {

    private static final String FAT3 = "fat3:k=8";
    /** 2-level fat tree with two cables between each leaf and spine. */
    private static final String FAT2_PARALLEL = "fat2:k=8,leaves=4,spines=2,hosts=4";
    /** 3-level fat tree whose leaves have a free port, 8 (3 hosts, 4 mids). */
    private static final String FAT3_SPARE_PORT = "fat3:k=8,hosts=3";

    /** A fabric routed by minhop, then changed, then repaired. */
    private static final class Case {
        final Subnet subnet;
        final RoutingEngine engine;
        RoutingInput before;
        LftTables tables;

        Case(String shape, String engineName) {
            subnet = TopologyModel.subnet(TopologyShapes.parse(shape), 0);
            engine = RepairChecks.engine(engineName, EngineOptions.defaults());
            route();
        }

        void route() {
            before = input();
            tables = RepairChecks.route(engine, before);
        }

        RoutingInput input() {
            subnet.index();
            return RoutingInput.from(SubnetSnapshot.of(subnet), 0);
        }

        Node node(String description) {
            return subnet.nodes().stream().filter(n -> n.description().equals(description)).findFirst().orElseThrow();
        }

        /** The port of {@code a} cabled to {@code b} (the first, if several). */
        PhysPort portTo(String a, String b) {
            for (PhysPort p : node(a).ports()) {
                if (p.remote() != null && p.remote().node() == node(b)) {
                    return p;
                }
            }
            throw new IllegalArgumentException(a + " is not cabled to " + b);
        }

        RepairOutcome repair() {
            return RouteRepair.repair(before, tables, input(), RepairPolicy.of(engine), 2);
        }

        RepairOutcome.Repaired repaired() {
            RepairOutcome o = repair();
            assertThat(o).as(o.toString()).isInstanceOf(RepairOutcome.Repaired.class);
            RepairOutcome.Repaired r = (RepairOutcome.Repaired) o;
            RepairChecks.assertSound(input(), r.tables(), null, RepairPolicy.of(engine).promisesDeadlockFreedom());
            return r;
        }

        /** Entries of the old tables (switch still there) whose port led to {@code sw}, for LIDs with an owner. */
        long entriesThrough(Node sw) {
            long n = 0;
            int target = before.switchIndexOf(sw.nodeGuid());
            for (int x = 0; x < before.switchCount(); x++) {
                for (int lid = 1; lid <= before.maxLid(); lid++) {
                    int e = before.edgeOfPort(x, tables.port(x, lid));
                    n += e >= 0 && before.peerSwitch()[e] == target && before.lidOwnerSwitch()[lid] != target ? 1 : 0;
                }
            }
            return n;
        }

        /** Entries of the old tables at {@code sw} that leave on {@code port}, for LIDs with an owner elsewhere. */
        long entriesOn(Node sw, int port) {
            int x = before.switchIndexOf(sw.nodeGuid());
            long n = 0;
            for (int lid = 1; lid <= before.maxLid(); lid++) {
                n += tables.port(x, lid) == port && before.lidOwnerSwitch()[lid] >= 0 ? 1 : 0;
            }
            return n;
        }
    }

    @Test
    void newSwitchFoundIsRoutedWholeWhileEveryOtherSwitchGainsOnlyItsLid() {
        Case c = new Case(FAT3, "minhop");
        Node core = c.node("core-g0-0");
        GoneNode gone = GoneNode.remove(c.subnet, core);
        c.route();
        gone.restore(c.subnet);


        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.NEW_SWITCH, 1));
        assertThat(r.stats().newSwitches()).isEqualTo(1);
        int others = c.before.switchCount();
        assertThat(r.stats().entriesChanged()).as("one entry per other switch: the new switch's LID").isEqualTo(others);
        assertThat(r.stats().switchesTouched()).isEqualTo(others);
    }

    @Test
    void missingSwitchReroutesExactlyTheEntriesThatLedToIt() {
        Case c = new Case(FAT3, "minhop");
        Node core = c.node("core-g1-2");
        long through = c.entriesThrough(core);
        c.subnet.removeNode(core);

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.SWITCH_GONE, 1));
        assertThat(through).isPositive();
        assertThat(r.stats().entriesChanged()).isEqualTo(through);
    }

    @Test
    void newCableFoundChangesNothing() {
        Case c = new Case(FAT2_PARALLEL, "minhop");
        PhysPort a = c.portTo("leaf-1", "spine-0");
        PhysPort b = a.remote();
        c.subnet.disconnect(a);
        c.route();
        c.subnet.connect(a, b);

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.LINK_UP, 1));
        assertThat(r.stats().entriesChanged()).isZero();
    }

    @Test
    void missingCableWithAParallelOneMovesItsRoutesToTheParallelPort() {
        Case c = new Case(FAT2_PARALLEL, "minhop");
        PhysPort failed = c.portTo("leaf-2", "spine-1");
        long onPort = c.entriesOn(failed.node(), failed.portNum());
        long onSpinePort = c.entriesOn(failed.remote().node(), failed.remote().portNum());
        c.subnet.disconnect(failed);

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.PARALLEL_LINK_DOWN, 1));
        assertThat(r.stats().entriesChanged()).as("both ends' routes through the cable").isEqualTo(onPort
                + onSpinePort);
        RoutingInput after = c.input();
        int leaf = after.switchIndexOf(failed.node().nodeGuid());
        int parallel = c.portTo("leaf-2", "spine-1").portNum();
        long onParallel = 0;
        for (int lid = 1; lid <= after.maxLid(); lid++) {
            onParallel += r.tables().port(leaf, lid) == parallel ? 1 : 0;
        }
        assertThat(onParallel).as("the parallel port carries both ports' routes").isEqualTo(onPort
                + c.entriesOn(failed.node(), parallel));
    }

    @Test
    void missingLastCableReroutesTheSwitchesFeedingIt() {
        Case c = new Case(FAT3, "minhop");
        PhysPort failed = c.portTo("leaf-p2-1", "mid-p2-3");
        long onPort = c.entriesOn(failed.node(), failed.portNum());
        c.subnet.disconnect(failed);

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.LAST_LINK_DOWN, 1));
        assertThat(r.stats().entriesChanged()).as("the leaf's routes through the cable, and upstream")
                .isGreaterThan(onPort);
        assertThat(r.stats().switchesTouched()).isGreaterThan(2);
    }

    @Test
    void missingCaCableChangesNothing() {
        Case c = new Case(FAT3, "minhop");
        c.subnet.disconnect(c.node("host-p3-2-1").port(1));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.CA_LINK_DOWN, 1));
        assertThat(r.stats().entriesChanged()).isZero();
    }

    @Test
    void newCaRoutesOnlyItsColumn() {
        Case c = new Case(FAT3_SPARE_PORT, "minhop");
        Node leaf = c.node("leaf-p1-1");
        Node ca = c.subnet.addNode(NodeKind.CA, 0x0002c903000000a0L, 1);
        c.subnet.addPort(ca, 1, 0x0002c903000000a1L);
        c.subnet.connect(ca.port(1), leaf.port(8));
        c.subnet.assignLids(ca.port(1).endPort(), LidRange.single(c.before.maxLid() + 1));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.NEW_END_PORT, 1));
        assertThat(r.stats().lidsChanged()).isEqualTo(1);
        assertThat(r.stats().entriesChanged()).isEqualTo(c.before.switchCount());
    }

    @Test
    void missingCaChangesNothing() {
        Case c = new Case(FAT3, "minhop");
        c.subnet.removeNode(c.node("host-p0-0-0"));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.CA_LINK_DOWN, 1));
        assertThat(r.stats().entriesChanged()).isZero();
    }

    @Test
    void changedLidRoutesOnlyTheNewLidsColumn() {
        Case c = new Case(FAT3, "minhop");
        PhysPort host = c.node("host-p5-3-2").port(1);
        c.subnet.assignLids(host.endPort(), LidRange.single(c.before.maxLid() + 7));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.LID_CHANGED, 1));
        assertThat(r.stats().lidsChanged()).isEqualTo(1);
        assertThat(r.stats().entriesChanged()).isEqualTo(c.before.switchCount());
    }

    @Test
    void movedHostKeepsItsLidWhoseColumnIsRoutedAnewEverywhere() {
        Case c = new Case(FAT3_SPARE_PORT, "minhop");
        PhysPort host = c.node("host-p0-0-0").port(1);
        c.subnet.disconnect(host);
        c.subnet.connect(host, c.node("leaf-p7-3").port(8));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.HOST_MOVED, 1));
        assertThat(r.stats().lidsChanged()).isEqualTo(1);
        assertThat(r.stats().entriesChanged()).isPositive().isLessThanOrEqualTo(c.before.switchCount());
    }

    @Test
    void updnRootsAreRecomputedAndAChangedRootSetNeedsAFullPass() {
        Case c = new Case(FAT3, "updn");
        c.subnet.removeNode(c.node("core-g2-1"));

        RepairOutcome o = c.repair();

        assertThat(o).isInstanceOf(RepairOutcome.NeedsRecompute.class);
        assertThat(((RepairOutcome.NeedsRecompute) o).reason()).contains("rank-0 switches changed");
    }

    @Test
    void updnKeepsItsRootsWhenNoSwitchChanges() {
        Case c = new Case(FAT3, "updn");
        c.subnet.removeNode(c.node("host-p4-0-0"));
        c.subnet.disconnect(c.node("host-p6-1-3").port(1));

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.CA_LINK_DOWN, 2));
        assertThat(r.stats().entriesChanged()).isZero();
    }

    @Test
    void ftreeMovesParallelRoutesAndRecomputesAnythingElse() {
        Case c = new Case(FAT2_PARALLEL, "ftree");
        PhysPort failed = c.portTo("leaf-0", "spine-1");
        long through = c.entriesOn(failed.node(), failed.portNum())
                + c.entriesOn(failed.remote().node(), failed.remote().portNum());
        c.subnet.disconnect(failed);

        RepairOutcome.Repaired r = c.repaired();

        assertThat(r.stats().cases()).isEqualTo(Map.of(RepairCase.PARALLEL_LINK_DOWN, 1));
        assertThat(r.stats().entriesChanged()).isEqualTo(through);
        c.subnet.assignLids(c.node("host-2-1").port(1).endPort(), LidRange.single(c.before.maxLid() + 3));
        assertThat(c.repair()).isInstanceOf(RepairOutcome.NeedsRecompute.class);
    }

    @Test
    void engineWithoutRepairAlwaysNeedsAFullPass() {
        Case c = new Case(FAT2_PARALLEL, "lash");
        c.subnet.disconnect(c.node("host-1-1").port(1));

        RepairOutcome o = c.repair();

        assertThat(o).isEqualTo(new RepairOutcome.NeedsRecompute("routing engine lash does not support repair"));
    }
}
