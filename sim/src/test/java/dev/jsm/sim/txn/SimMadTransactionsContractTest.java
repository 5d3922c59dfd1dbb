package dev.jsm.sim.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.LinearForwardingTable;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.mad.txn.AbstractMadTransactionsContractTest;
import dev.jsm.mad.txn.FabricUnderTest;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.OutboundMad;
import dev.jsm.mad.txn.ResponseHandler;
import dev.jsm.mad.txn.TransactionOutcome;
import dev.jsm.mad.txn.TransactionSettings;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The {@link MadTransactions} contract over the simulator: a generated 5x5 mesh (25 switches, a host on each),
 * the transactions on the first host's port. Adds what only a real fabric model can check: LID-routed Gets after
 * LIDs, LFTs and LinearFDBTop were programmed with directed-route Sets through the same transactions.
 */
class SimMadTransactionsContractTest extends AbstractMadTransactionsContractTest {

    private static final Topology MESH = TopologyShapes.parse("mesh:dims=5x5");
    private static final int HOST = firstHost(MESH);
    private static final FabricRoutes ROUTES = new FabricRoutes(MESH, HOST, 1);

    private SimFabric sim;

    @Override
    protected FabricUnderTest openFabric() {
        sim = new SimFabric(MESH, 1);
        return new FabricUnderTest() {
            @Override
            public MadChannel openChannel() {
                return sim.openChannel(HOST, 1);
            }

            @Override
            public int maxHops() {
                return ROUTES.maxHops();
            }

            @Override
            public DrPath route(int hops) {
                return ROUTES.route(hops);
            }

            @Override
            public long nodeGuid(DrPath route) {
                return ROUTES.nodeGuid(route);
            }

            @Override
            public DrPath unroutableRoute() {
                return ROUTES.unroutableRoute();
            }

            @Override
            public void setLoss(double requestRate, double responseRate, long seed) {
                sim.faults().reseed(seed);
                sim.faults().setLoss(requestRate, responseRate);
            }

            @Override
            public void close() {
                sim.close();
            }
        };
    }

    @Test
    void lidRoutedGetsReachEveryNodeAfterLidsAndLftsWereSetByDirectedRoute() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(8).withTimeout(SLOW, 3));
        int n = MESH.nodeCount();
        int[] lid = new int[n];
        for (int i = 0; i < n; i++) {
            lid[i] = i + 1;
        }
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        ResponseHandler expectOk = o -> check(o, failures);

        // stage 1: every end port gets its LID (Get PortInfo, then Set it back with the LID), one barrier
        for (int node = 0; node < n; node++) {
            DrPath path = ROUTES.pathTo(node);
            int value = lid[node];
            getThenSet(t, path, AttributeId.PORT_INFO, 0, failures, data -> PortInfo.LID.put(data, 0, value));
        }
        quiet(t);
        // stage 2: LFT blocks computed from shortest paths, and LinearFDBTop
        int blocks = n / LinearForwardingTable.ENTRIES + 1;
        for (int sw = 0; sw < n; sw++) {
            if (MESH.node(sw).kind() != NodeKind.SWITCH) {
                continue;
            }
            byte[] lft = new byte[blocks * LinearForwardingTable.ENTRIES];
            Arrays.fill(lft, (byte) LinearForwardingTable.NO_PATH);
            int[] egress = ROUTES.egressPorts(sw);
            for (int d = 0; d < n; d++) {
                lft[lid[d]] = (byte) egress[d];
            }
            for (int b = 0; b < blocks; b++) {
                byte[] mad = Smp.directedRoute(Method.SET, 0, AttributeId.LINEAR_FORWARDING_TABLE, b,
                        ROUTES.pathTo(sw), 0);
                LinearForwardingTable.fromTable(lft, b).encodeTo(mad, Smp.DATA_OFFSET);
                t.send(OutboundMad.of(MadAddress.directedRoute(), mad), expectOk);
            }
            getThenSet(t, ROUTES.pathTo(sw), AttributeId.SWITCH_INFO, 0, failures,
                    data -> SwitchInfo.LINEAR_FDB_TOP.put(data, 0, n));
        }
        quiet(t);
        assertThat(failures).isEmpty();

        // stage 3: a LID-routed NodeInfo Get to every LID
        long[] guids = new long[n];
        int[] fromLids = new int[n];
        for (int node = 0; node < n; node++) {
            int i = node;
            byte[] mad = Smp.lidRouted(Method.GET, 0, AttributeId.NODE_INFO, 0, 0);
            t.send(OutboundMad.of(MadAddress.smi(lid[node]), mad), o -> {
                if (check(o, failures)) {
                    TransactionOutcome.Response r = (TransactionOutcome.Response) o;
                    guids[i] = nodeGuid(r);
                    fromLids[i] = ((MadAddress.LidRouted) r.from()).lid();
                }
            });
        }
        quiet(t);

        assertThat(failures).isEmpty();
        for (int node = 0; node < n; node++) {
            assertThat(guids[node]).as("NodeGuid at LID %d", lid[node]).isEqualTo(MESH.node(node).nodeGuid());
            assertThat(fromLids[node]).as("responder's LID").isEqualTo(lid[node]);
        }
        assertThat(t.stats().timeouts() + t.stats().retries()).isZero();
    }

    @Test
    void retriesMatchTheSimulatorsLossesExactly() throws InterruptedException {
        sim.faults().reseed(7);
        sim.faults().setLoss(0.05, 0);
        MadTransactions t = open(TransactionSettings.defaults().withWindow(1).withTimeout(EXACT, 3));
        ConcurrentLinkedQueue<TransactionOutcome> out = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 200; i++) {
            t.send(nodeInfoGet(ROUTES.route(i % (ROUTES.maxHops() + 1))), out::add);
        }
        quiet(t);

        long timedOut = out.stream().filter(o -> o instanceof TransactionOutcome.TimedOut).count();
        assertThat(out).hasSize(200);
        assertThat(sim.stats().lostRequests()).isPositive();
        assertThat(t.stats().retries()).as("one retry per lost transmission, except the last of a timed-out one")
                .isEqualTo(sim.stats().lostRequests() - timedOut);
        assertThat(t.stats().timeouts()).isEqualTo(timedOut);
        assertThat(t.stats().sent() + t.stats().retries()).isEqualTo(sim.stats().sent());
    }

    /** Gets an attribute, lets {@code change} edit its payload, and Sets it back, from the handler. */
    private static void getThenSet(MadTransactions t, DrPath path, AttributeId attr, long mod,
                                   ConcurrentLinkedQueue<String> failures, Consumer<byte[]> change) {
        t.send(OutboundMad.of(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, 0, attr, mod, path, 0)),
                o -> {
                    if (!check(o, failures)) {
                        return;
                    }
                    byte[] data = Arrays.copyOfRange(((TransactionOutcome.Response) o).mad(), Smp.DATA_OFFSET,
                            Smp.DATA_OFFSET + Smp.DATA_SIZE);
                    change.accept(data);
                    byte[] set = Smp.directedRoute(Method.SET, 0, attr, mod, path, 0);
                    System.arraycopy(data, 0, set, Smp.DATA_OFFSET, Smp.DATA_SIZE);
                    t.send(OutboundMad.of(MadAddress.directedRoute(), set), r -> check(r, failures));
                });
    }

    /** Whether {@code o} is a successful response; records what went wrong otherwise. */
    private static boolean check(TransactionOutcome o, ConcurrentLinkedQueue<String> failures) {
        if (o instanceof TransactionOutcome.Response r && r.isOk()) {
            return true;
        }
        failures.add(o.toString());
        return false;
    }

    private static int firstHost(Topology topology) {
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() == NodeKind.CA) {
                return i;
            }
        }
        throw new IllegalArgumentException("no host");
    }
}
