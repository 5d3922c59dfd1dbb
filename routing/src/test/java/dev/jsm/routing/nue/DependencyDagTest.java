package dev.jsm.routing.nue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.testing.TopologySubnets;
import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The dynamic topological order accepts exactly the dependencies that close no cycle, checked by brute force. */
class DependencyDagTest {

    private static final ChannelGraph G = new ChannelGraph(TopologySubnets.input("torus:dims=4x4,links=2", 0), false,
            false);

    private static int[] identity() {
        int[] order = new int[G.channels];
        for (int c = 0; c < order.length; c++) {
            order[c] = c;
        }
        return order;
    }

    /** Whether channel {@code to} is reachable from {@code from} over the used turns. */
    private static boolean reaches(DependencyDag dag, int from, int to) {
        boolean[] seen = new boolean[G.channels];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(from);
        seen[from] = true;
        while (!queue.isEmpty()) {
            int a = queue.poll();
            if (a == to) {
                return true;
            }
            int v = G.head[a];
            for (int b = G.linkStart[v]; b < G.linkStart[v + 1]; b++) {
                if (b != G.reverse[a] && !seen[b] && dag.used(G.turn(a, b))) {
                    seen[b] = true;
                    queue.add(b);
                }
            }
        }
        return false;
    }

    @Test
    void acceptsADependencyExactlyWhenItClosesNoCycle() {
        Random random = new Random(5);
        DependencyDag dag = new DependencyDag(G);
        dag.reset(identity());
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < 20_000; i++) {
            int a = random.nextInt(G.channels);
            int v = G.head[a];
            int b = G.linkStart[v] + random.nextInt(G.degree(v));
            if (b == G.reverse[a]) {
                continue;
            }
            int turn = G.turn(a, b);
            if (dag.used(turn) && random.nextInt(4) == 0) {
                dag.remove(turn);
                continue;
            }
            boolean expected = dag.used(turn) || !reaches(dag, b, a);

            assertThat(dag.tryAdd(turn, a, b)).as("turn %d -> %d", a, b).isEqualTo(expected);
            assertThat(dag.used(turn)).isEqualTo(expected);
            accepted += expected ? 1 : 0;
            refused += expected ? 0 : 1;
        }
        assertThat(accepted).isGreaterThan(1000);
        assertThat(refused).isGreaterThan(1000);
    }

    @Test
    void countsAndForgetsDependencies() {
        DependencyDag dag = new DependencyDag(G);
        dag.reset(identity());
        int a = 0;
        int b = G.linkStart[G.head[a]] == G.reverse[a] ? G.linkStart[G.head[a]] + 1 : G.linkStart[G.head[a]];
        int turn = G.turn(a, b);

        assertThat(dag.tryAdd(turn, a, b)).isTrue();
        assertThat(dag.usedCount()).isEqualTo(1);
        dag.remove(turn);
        assertThat(dag.used(turn)).isFalse();
        assertThat(dag.usedCount()).isZero();
    }

    @Test
    void addOrderedRefusesADependencyAgainstTheOrder() {
        DependencyDag dag = new DependencyDag(G);
        dag.reset(identity());
        int a = G.channels - 1;
        int v = G.head[a];
        int b = G.linkStart[v] == G.reverse[a] ? G.linkStart[v] + 1 : G.linkStart[v];
        assertThat(b).isLessThan(a);

        assertThatThrownBy(() -> dag.addOrdered(G.turn(a, b), a, b)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void numbersTurnsPerSwitchWithoutOverlap() {
        RoutingInput in = G.in;
        boolean[] seen = new boolean[G.turns];
        for (int a = 0; a < G.channels; a++) {
            int v = G.head[a];
            for (int b = in.linkStart()[v]; b < in.linkStart()[v + 1]; b++) {
                int t = G.turn(a, b);
                assertThat(seen[t]).isFalse();
                seen[t] = true;
            }
        }
        assertThat(G.turns).isEqualTo(16 * 8 * 8);
    }
}
