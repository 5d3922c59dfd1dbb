package dev.jsm.routing.verify;

/**
 * Finds one cycle in a directed graph given in CSR form, by an iterative depth-first search (white, grey, black):
 * the first edge to a grey node closes a cycle, read off the DFS stack. {@code O(V + E)}, no recursion, so graphs of
 * millions of channels do not overflow the thread stack.
 *
 * <p>Stateless; thread-safe.
 */
final class CycleFinder {

    private static final byte WHITE = 0;
    private static final byte GREY = 1;
    private static final byte BLACK = 2;

    private CycleFinder() {
    }

    /**
     * A cycle of the graph with {@code nodes} nodes whose node {@code v} has successors
     * {@code succ[start[v] .. start[v+1]-1]}, as its nodes in path order, or an empty array if it is acyclic.
     */
    static int[] find(int nodes, int[] start, int[] succ) {
        byte[] color = new byte[nodes];
        int[] stackNode = new int[nodes];
        int[] stackNext = new int[nodes];
        int[] depthOf = new int[nodes];
        for (int root = 0; root < nodes; root++) {
            if (color[root] != WHITE || start[root] == start[root + 1]) {
                continue;
            }
            stackNode[0] = root;
            stackNext[0] = start[root];
            depthOf[root] = 0;
            color[root] = GREY;
            int depth = 1;
            while (depth > 0) {
                int v = stackNode[depth - 1];
                int i = stackNext[depth - 1];
                if (i == start[v + 1]) {
                    color[v] = BLACK;
                    depth--;
                    continue;
                }
                stackNext[depth - 1] = i + 1;
                int w = succ[i];
                if (color[w] == GREY) {
                    int from = depthOf[w];
                    int[] cycle = new int[depth - from];
                    System.arraycopy(stackNode, from, cycle, 0, cycle.length);
                    return cycle;
                }
                if (color[w] == WHITE) {
                    color[w] = GREY;
                    depthOf[w] = depth;
                    stackNode[depth] = w;
                    stackNext[depth] = start[w];
                    depth++;
                }
            }
        }
        return new int[0];
    }
}
