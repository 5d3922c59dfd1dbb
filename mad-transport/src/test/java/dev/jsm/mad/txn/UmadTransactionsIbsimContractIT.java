package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.ibsim.IbsimFabric;
import dev.jsm.mad.ibsim.IbsimPreload;
import dev.jsm.mad.smp.LinearForwardingTable;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SwitchInfo;
import dev.jsm.mad.umad.UmadChannel;
import dev.jsm.mad.umad.UmadException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The {@link MadTransactions} contract over {@link UmadChannel}: JNA, libibumad and {@code libumad2sim.so} preloaded
 * into this very JVM, against Debian's ibsim serving {@code fabrics/mesh-5x5.net} (routes of 0 to 10 hops). The
 * JVM is started by {@code src/test/ibsim/bin/java-under-ibsim} through failsafe's {@code ibsim-preload}
 * execution; elsewhere the tests skip with one {@code [ibsim] SKIPPED} line.
 *
 * <p>Every test opens its own port (umad_open_port, agents registered anew), so a late response of one test cannot
 * reach the next. The ibsim stays up for the whole class, so state a test programs (LIDs, LFTs, port states) stays.
 * Loss comes from a seeded {@link LossyChannel} under the tap, because ibsim has no seeded loss of its own. Adds
 * what the simulator subclass adds, against the reference implementation: LID-routed Gets after the LIDs, LFTs and
 * port states were programmed through the same transactions, and retries that match the injected loss exactly.
 */
@Tag("ibsim")
@Tag(IbsimPreload.TAG)
class UmadTransactionsIbsimContractIT extends AbstractMadTransactionsContractTest {

    private static IbsimFabric net;

    private UmadFabric umad;

    @BeforeAll
    static void needsIbsim() throws Exception {
        IbsimPreload.assumeRunning();
        net = IbsimPreload.fabric();
    }

    @Override
    protected FabricUnderTest openFabric() {
        umad = new UmadFabric();
        return umad;
    }

    @Test
    void fabricOffersLongRoutes() {
        assertThat(net.maxHops()).as("hop counts 0..N with N from the net file").isGreaterThanOrEqualTo(8);
    }

    @Test
    void lidRoutedGetsReachEveryNodeAfterLidsLftsAndPortStatesWereSet() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(8).withTimeout(SLOW, 3));
        int n = net.nodeCount();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();

        // stage 1: LID node+1 on every end port (switch port 0, CA port 1), the SM (node 0) at LID 1
        for (int node = 0; node < n; node++) {
            int lid = node + 1;
            getThenSet(t, net.pathTo(node), AttributeId.PORT_INFO, endPort(node), failures, pi -> {
                PortInfo.LID.put(pi, 0, lid);
                PortInfo.MASTER_SM_LID.put(pi, 0, 1);
            });
        }
        quiet(t);
        // stage 2: LinearFDBTop and minimum-hop LFTs on every switch
        int blocks = n / LinearForwardingTable.ENTRIES + 1;
        for (int sw = 0; sw < n; sw++) {
            if (!net.isSwitch(sw)) {
                continue;
            }
            byte[] lft = new byte[blocks * LinearForwardingTable.ENTRIES];
            Arrays.fill(lft, (byte) LinearForwardingTable.NO_PATH);
            int[] egress = net.egressPorts(sw);
            for (int d = 0; d < n; d++) {
                lft[d + 1] = (byte) egress[d];
            }
            for (int b = 0; b < blocks; b++) {
                byte[] mad = Smp.directedRoute(Method.SET, 0, AttributeId.LINEAR_FORWARDING_TABLE, b,
                        net.pathTo(sw), 0);
                LinearForwardingTable.fromTable(lft, b).encodeTo(mad, Smp.DATA_OFFSET);
                t.send(OutboundMad.of(MadAddress.directedRoute(), mad), o -> check(o, failures));
            }
            getThenSet(t, net.pathTo(sw), AttributeId.SWITCH_INFO, 0, failures,
                    si -> SwitchInfo.LINEAR_FDB_TOP.put(si, 0, n));
        }
        quiet(t);
        // stage 3: every cabled port Armed, then Active (ibsim forwards LID-routed MADs only through Active ports)
        setPortStates(t, PortInfo.STATE_ARMED, failures);
        setPortStates(t, PortInfo.STATE_ACTIVE, failures);
        assertThat(failures).isEmpty();

        // stage 4: a LID-routed NodeInfo Get to every LID
        long[] guids = new long[n];
        int[] fromLids = new int[n];
        for (int node = 0; node < n; node++) {
            int i = node;
            t.send(OutboundMad.of(MadAddress.smi(node + 1), Smp.lidRouted(Method.GET, 0, AttributeId.NODE_INFO, 0,
                    0)), o -> {
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
            assertThat(guids[node]).as("NodeGuid at LID %d (%s)", node + 1, net.name(node))
                    .isEqualTo(net.nodeGuid(node));
            assertThat(fromLids[node]).as("responder's LID").isEqualTo(node + 1);
        }
        assertThat(t.stats().timeouts() + t.stats().retries()).isZero();
    }

    /**
     * Every transmission is accounted for: lost on the way out, lost on the way back, or answered. Per request,
     * transmissions = 1 + retries = lost + answers, and answers = matched (0 or 1) + unmatched duplicates; summed,
     * retries = lost + unmatched - timed out. Unmatched duplicates come from retries whose first transmission was
     * answered late (a loaded machine); without them it is one retry per loss, except the last of a timed-out request.
     */
    @Test
    void retriesUnderFivePercentLossMatchTheLossesExactly() throws InterruptedException {
        umad.setLoss(0.05, 0.05, 11);
        MadTransactions t = open(TransactionSettings.defaults().withWindow(16).withTimeout(EXACT, 3));
        RequestBatch batch = new RequestBatch(umad, 10_000);
        batch.sendAll(t);
        quiet(t);
        // answers to the last transmissions may still be on their way: wait until every one is accounted for
        waitFor(() -> t.stats().sent() + t.stats().retries()
                == umad.lossy.lostRequests() + umad.lossy.lostResponses() + t.stats().received());

        int timedOut = batch.count(TransactionOutcome.TimedOut.class);
        assertThat(batch.count(TransactionOutcome.Response.class) + timedOut).isEqualTo(10_000);
        batch.assertResponsesCorrect();
        long lostRequests = umad.lossy.lostRequests();
        long lostResponses = umad.lossy.lostResponses();
        assertThat(lostRequests).isBetween(300L, 800L);
        assertThat(lostResponses).isBetween(300L, 800L);
        TransactionStats s = t.stats();
        System.out.println("[ibsim] 10,000 SMPs under 5% loss each way: lost " + lostRequests + " requests and "
                + lostResponses + " responses; " + s);
        assertThat(s.retries()).as("retries = lost + unmatched duplicates - timed out")
                .isEqualTo(lostRequests + lostResponses + s.droppedUnmatched() - timedOut);
        assertThat(s.droppedUnmatched()).as("late answers (timeouts on a loaded machine)").isLessThan(1_000);
        assertThat(s.timeouts()).isEqualTo(timedOut);
        assertThat(s.responses()).isEqualTo(10_000 - timedOut);
        assertThat(s.sent()).isEqualTo(10_000);
        assertThat(s.outstanding() + s.queued()).isZero();
    }

    /** Sets PortState on both ends of every cable (each end is listed at its own node), then waits. */
    private static void setPortStates(MadTransactions t, int state, ConcurrentLinkedQueue<String> failures)
            throws InterruptedException {
        for (int node = 0; node < net.nodeCount(); node++) {
            for (int p = 1; p <= net.numPorts(node) && net.pathTo(node) != null; p++) {
                if (net.peerNode(node, p) >= 0) {
                    getThenSet(t, net.pathTo(node), AttributeId.PORT_INFO, p, failures,
                            pi -> PortInfo.PORT_STATE.put(pi, 0, state));
                }
            }
        }
        quiet(t);
    }

    /** The port that carries a node's LID: port 0 of a switch, port 1 of a CA. */
    private static int endPort(int node) {
        return net.isSwitch(node) ? 0 : 1;
    }

    /**
     * Gets an attribute, lets {@code change} edit its payload (PortState and PortPhysicalState cleared to "no
     * change" first for PortInfo), and Sets it back, from the handler.
     */
    private static void getThenSet(MadTransactions t, DrPath path, AttributeId attr, long mod,
                                   ConcurrentLinkedQueue<String> failures, Consumer<byte[]> change) {
        t.send(OutboundMad.of(MadAddress.directedRoute(), Smp.directedRoute(Method.GET, 0, attr, mod, path, 0)),
                o -> {
                    if (!check(o, failures)) {
                        return;
                    }
                    byte[] data = Arrays.copyOfRange(((TransactionOutcome.Response) o).mad(), Smp.DATA_OFFSET,
                            Smp.DATA_OFFSET + Smp.DATA_SIZE);
                    if (attr.equals(AttributeId.PORT_INFO)) {
                        PortInfo.PORT_STATE.put(data, 0, PortInfo.STATE_NO_CHANGE);
                        PortInfo.PORT_PHYSICAL_STATE.put(data, 0, PortInfo.STATE_NO_CHANGE);
                    }
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

    /** ibsim as the launcher runs it, seen through a fresh {@link UmadChannel} with seeded loss in front. */
    private static final class UmadFabric implements FabricUnderTest {
        private LossyChannel lossy;

        @Override
        public MadChannel openChannel() {
            try {
                lossy = new LossyChannel(UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(true)));
            } catch (UmadException e) {
                throw new UncheckedIOException(e);
            }
            return lossy;
        }

        @Override
        public int maxHops() {
            return net.maxHops();
        }

        @Override
        public DrPath route(int hops) {
            return net.route(hops);
        }

        @Override
        public long nodeGuid(DrPath route) {
            return net.nodeGuid(net.nodeAt(route));
        }

        @Override
        public DrPath unroutableRoute() {
            return net.unroutableRoute();
        }

        @Override
        public void setLoss(double requestRate, double responseRate, long seed) {
            lossy.setLoss(requestRate, responseRate, seed);
        }

        @Override
        public void close() {
            // the channel is closed through the tap; ibsim belongs to the launcher
        }
    }
}
