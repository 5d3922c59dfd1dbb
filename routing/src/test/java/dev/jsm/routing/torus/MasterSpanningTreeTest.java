package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.mcast.McastTree;
import org.junit.jupiter.api.Test;

/**
 * The master spanning trees torus-2QoS(8) draws for the 6x5 2D torus: pristine (root (3,2), its x row, then y
 * columns, no branch across a dateline), with the link (2,2)-(3,2) failed (the row goes the other way round across
 * the x dateline), and with the root switch (3,2) failed (root (2,1); column x=3 goes round across the y dateline).
 */
class MasterSpanningTreeTest {

    @Test
    void pristineTreeIsTheRootRowThenColumns() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5));
        Tree t = new Tree(run);

        assertThat(t.root()).isEqualTo("3,2");
        assertThat(t.parentOf(4, 2)).isEqualTo("3,2");
        assertThat(t.parentOf(5, 2)).isEqualTo("4,2");
        assertThat(t.parentOf(2, 2)).isEqualTo("3,2");
        assertThat(t.parentOf(0, 2)).isEqualTo("1,2");
        for (int x = 0; x < 6; x++) {
            assertThat(t.parentOf(x, 3)).isEqualTo(x + ",2");
            assertThat(t.parentOf(x, 4)).isEqualTo(x + ",3");
            assertThat(t.parentOf(x, 1)).isEqualTo(x + ",2");
            assertThat(t.parentOf(x, 0)).isEqualTo(x + ",1");
        }
        assertThat(run.summary().tree().size()).isEqualTo(30);
    }

    @Test
    void failedLinkInTheRootRowSendsTheRowAcrossTheDateline() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failLink(at(2, 2), at(3, 2)));
        Tree t = new Tree(run);

        assertThat(t.root()).isEqualTo("3,2");
        assertThat(t.parentOf(5, 2)).isEqualTo("4,2");
        assertThat(t.parentOf(0, 2)).isEqualTo("5,2");
        assertThat(t.parentOf(1, 2)).isEqualTo("0,2");
        assertThat(t.parentOf(2, 2)).isEqualTo("1,2");
        assertThat(t.parentOf(2, 3)).isEqualTo("2,2");
        assertThat(run.summary().tree().size()).isEqualTo(30);
    }

    @Test
    void failedRootMovesTheRootDiagonallyAndColumnThreeGoesRound() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5).failSwitch(at(3, 2)));
        Tree t = new Tree(run);

        assertThat(t.root()).isEqualTo("2,1");
        assertThat(t.parentOf(0, 1)).isEqualTo("1,1");
        assertThat(t.parentOf(5, 1)).isEqualTo("4,1");
        assertThat(t.parentOf(3, 0)).isEqualTo("3,1");
        assertThat(t.parentOf(3, 4)).isEqualTo("3,0");
        assertThat(t.parentOf(3, 3)).isEqualTo("3,4");
        assertThat(t.parentOf(2, 0)).isEqualTo("2,1");
        assertThat(t.parentOf(2, 4)).isEqualTo("2,3");
        assertThat(run.summary().tree().size()).isEqualTo(29);
    }

    @Test
    void groupTreesAreSubsetsWithTheSameRoot() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5));
        MasterSpanningTree tree = run.summary().tree();
        RoutingInput in = run.in;
        boolean[] member = new boolean[in.switchCount()];
        member[run.fabric.sw(in, 0, 0, 0)] = true;
        member[run.fabric.sw(in, 5, 4, 0)] = true;

        int[][] ports = tree.groupPorts(member);

        int corner = run.fabric.sw(in, 0, 0, 0);
        assertThat(ports[corner]).containsExactly(tree.parentPort(corner));
        assertThat(ports[tree.root()]).hasSize(2);
        assertThat(ports[run.fabric.sw(in, 2, 3, 0)]).isEmpty();
        int onPath = run.fabric.sw(in, 0, 1, 0);
        assertThat(ports[onPath]).containsExactlyInAnyOrder(tree.parentPort(onPath), tree.childPort(corner));
    }

    @Test
    void theRoutedOutcomeImposesTheMasterTreeOnEveryGroupsMulticastTree() {
        TorusRun run = TorusRun.of(TorusTestFabric.torus(6, 5));
        RoutingInput in = run.in;
        MasterSpanningTree tree = run.summary().tree();
        assertThat(run.routed().mcastTree()).isSameAs(tree);
        int[] members = new int[2];
        int k = 0;
        for (int ep = 0; ep < in.endPortCount() && k < 2; ep++) {
            int sw = in.endPortSwitch()[ep];
            if (!in.endPortIsSwitch()[ep] && (sw == run.fabric.sw(in, 0, 0, 0) || sw == run.fabric.sw(in, 5, 4, 0))
                    && (k == 0 || in.endPortSwitch()[members[0]] != sw)) {
                members[k++] = ep;
            }
        }
        boolean[] member = new boolean[in.switchCount()];
        for (int ep : members) {
            member[in.endPortSwitch()[ep]] = true;
        }

        McastTree group = McastTree.build(in, members, tree);

        assertThat(group.root()).isEqualTo(tree.root());
        int[][] ports = tree.groupPorts(member);
        for (int sw = 0; sw < in.switchCount(); sw++) {
            for (int p : ports[sw]) {
                assertThat(group.forwards(sw, p)).as("switch %s port %d", run.coords(sw), p).isTrue();
            }
            int treePorts = 0;
            for (int p = 1; p <= in.switchNumPorts()[sw]; p++) {
                treePorts += group.forwards(sw, p) && in.edgeOfPort(sw, p) >= 0 ? 1 : 0;
            }
            assertThat(treePorts).as("switch-to-switch ports of %s", run.coords(sw)).isEqualTo(ports[sw].length);
        }
    }

    /** The tree of a run by coordinates. */
    private static final class Tree {
        private final TorusRun run;
        private final MasterSpanningTree tree;

        Tree(TorusRun run) {
            this.run = run;
            this.tree = run.summary().tree();
        }

        String root() {
            return run.coords(tree.root());
        }

        String parentOf(int x, int y) {
            int p = tree.parent(run.fabric.sw(run.in, x, y, 0));
            return p < 0 ? "none" : run.coords(p);
        }
    }
}
