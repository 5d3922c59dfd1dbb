package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.RoutingInput;
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
