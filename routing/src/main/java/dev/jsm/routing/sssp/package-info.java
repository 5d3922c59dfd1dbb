/**
 * The {@code sssp} and {@code dfsssp} routing engines: shortest paths per destination LID with global balancing
 * (a Dijkstra per LID whose link weights count the routes already using each link), and for dfsssp the assignment
 * of every path to a virtual layer so that no layer's channel dependency graph has a cycle.
 *
 * <p>{@link dev.jsm.routing.sssp.BalancedRoutes} routes each LID over the {@link dev.jsm.routing.sssp.ShortestDag}
 * of its switch, in {@link dev.jsm.routing.sssp.DestinationOrder} (compute nodes, I/O nodes and the other end ports
 * as {@link dev.jsm.routing.sssp.NodeGroups} reads them from {@code cn_guid_file} and {@code io_guid_file});
 * {@link dev.jsm.routing.sssp.LayerCdg} counts each layer's channel dependencies by
 * {@link dev.jsm.routing.sssp.TurnIndex};
 * {@link dev.jsm.routing.sssp.LayerAssignment} breaks the cycles; {@link dev.jsm.routing.sssp.DfssspPathSl} and
 * {@link dev.jsm.routing.IdentitySl2Vl} give the SLs and VLs, within {@link dev.jsm.routing.sssp.VlBudget}.
 */
package dev.jsm.routing.sssp;
