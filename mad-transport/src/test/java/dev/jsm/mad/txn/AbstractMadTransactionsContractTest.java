package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The behaviour every {@link MadChannel} must give {@link MadTransactions}, run against each implementation by a
 * subclass that supplies the fabric (the scripted fake here, the simulator in module {@code sim}). Netty's
 * transport test suite pattern: one suite, many transports.
 *
 * <p>A {@link TapChannel} sits between the transactions and the channel under test, so that exact drops, held
 * transmissions and injected MADs work the same on every fabric; random loss comes from the fabric itself. Short
 * transaction timeouts keep the suite fast; every wait is bounded by {@link #WAIT}, and no test asserts wall time.
 */
public abstract class AbstractMadTransactionsContractTest {

    /** Upper bound on every wait: a hang fails the test instead of stalling the build. */
    protected static final Duration WAIT = Duration.ofSeconds(120);
    /** Transaction timeout of tests that want timeouts to fire. */
    protected static final Duration FAST = Duration.ofMillis(20);
    /** Transaction timeout of tests that count retries exactly: a slow machine must not cause spurious ones. */
    protected static final Duration EXACT = Duration.ofMillis(100);
    /** Transaction timeout of tests in which nothing should time out. */
    protected static final Duration SLOW = Duration.ofSeconds(10);

    private FabricUnderTest fabric;
    private TapChannel tap;
    private ExecutorService sm;
    private MadTransactions txns;

    /** A fresh fabric for one test. */
    protected abstract FabricUnderTest openFabric();

    @BeforeEach
    void openTap() {
        fabric = openFabric();
        tap = new TapChannel(fabric.openChannel());
        sm = Executors.newSingleThreadExecutor(r -> new Thread(r, "sm"));
    }

    @AfterEach
    void closeAll() throws InterruptedException {
        if (txns != null) {
            txns.close();
        }
        tap.close();
        fabric.close();
        sm.shutdownNow();
        assertThat(sm.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    /** The transactions under test over the tap, handlers on a single "sm" thread. */
    protected MadTransactions open(TransactionSettings settings) {
        txns = new MadTransactions(tap, settings, sm);
        return txns;
    }

    @Test
    protected void directedRouteNodeInfoAtEveryHopCount() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        int n = fabric.maxHops();
        TransactionOutcome[] out = new TransactionOutcome[n + 1];
        for (int h = 0; h <= n; h++) {
            int hops = h;
            t.send(nodeInfoGet(fabric.route(h)), o -> out[hops] = o);
        }
        quiet(t);

        Set<Long> tids = new HashSet<>();
        for (int h = 0; h <= n; h++) {
            TransactionOutcome.Response r = response(out[h]);
            long tid = r.request().transactionId();
            assertThat(tid >>> 32).as("upper TID bits are the kernel's").isZero();
            assertThat(tid).isNotZero();
            assertThat(tids.add(tid)).as("unique TID").isTrue();
            assertThat(MadHeader.TRANSACTION_ID.getLong(r.mad(), 0) & 0xFFFF_FFFFL).isEqualTo(tid);
            assertThat(r.from()).isEqualTo(MadAddress.directedRoute());
            assertThat(r.attempts()).isEqualTo(1);
            assertThat(nodeGuid(r)).as("NodeGuid at %d hops", h).isEqualTo(fabric.nodeGuid(fabric.route(h)));
        }
        TransactionStats s = t.stats();
        assertThat(s.sent()).isEqualTo(n + 1);
        assertThat(s.responses()).isEqualTo(n + 1);
        assertThat(s.sentOfAttribute(AttributeId.NODE_INFO.value())).isEqualTo(n + 1);
        assertThat(s.retries() + s.timeouts() + s.outstanding() + s.queued()).isZero();
    }

    @Test
    protected void firstTransmissionLostIsRetriedOnceWithTheSameBytes() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(EXACT, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        tap.record();
        tap.dropNext(1);
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        assertThat(response(out.get(0)).attempts()).isEqualTo(2);
        assertThat(tap.recorded()).hasSize(2);
        assertThat(tap.recorded().get(1)).as("same bytes, same TID").isEqualTo(tap.recorded().get(0));
        TransactionStats s = t.stats();
        assertThat(s.sent()).isEqualTo(1);
        assertThat(s.retries()).isEqualTo(1);
        assertThat(s.timeouts()).isZero();
    }

    @Test
    protected void unansweredRequestTimesOutAfterAllRetries() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(FAST, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        tap.dropAll(true);
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        assertThat(out).singleElement().isInstanceOf(TransactionOutcome.TimedOut.class);
        assertThat(((TransactionOutcome.TimedOut) out.get(0)).attempts()).isEqualTo(4);
        assertThat(tap.sends()).isEqualTo(4);
        TransactionStats s = t.stats();
        assertThat(s.retries()).isEqualTo(3);
        assertThat(s.timeouts()).isEqualTo(1);
        assertThat(s.outstanding()).isZero();
    }

    @Test
    protected void aRequestMayAskForFewerRetriesThanTheSettings() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(FAST, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        tap.dropAll(true);
        t.send(nodeInfoGet(fabric.route(1)), 0, out::add);
        quiet(t);

        assertThat(out).singleElement().isInstanceOf(TransactionOutcome.TimedOut.class);
        assertThat(((TransactionOutcome.TimedOut) out.get(0)).attempts()).as("sent once, never re-sent").isEqualTo(1);
        assertThat(tap.sends()).isEqualTo(1);
        assertThat(t.stats().retries()).isZero();
        assertThat(t.stats().timeouts()).isEqualTo(1);
    }

    /**
     * {@code long_transaction_timeout}: a request sent with {@link MadTransactions#sendLong} waits the long timeout,
     * so it is still pending when one sent at the same time with the (short) transaction timeout has timed out, and
     * takes its response when it comes.
     */
    @Test
    protected void aLongRequestOutwaitsTheTransactionTimeout() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(FAST, 0).withLongTimeout(SLOW));
        AtomicReference<TransactionOutcome> normal = new AtomicReference<>();
        AtomicReference<TransactionOutcome> slow = new AtomicReference<>();
        tap.holdReceived();
        t.sendLong(nodeInfoGet(fabric.route(1)), slow::set);
        t.send(nodeInfoGet(fabric.route(1)), normal::set);
        waitFor(() -> normal.get() != null);
        assertThat(normal.get()).isInstanceOf(TransactionOutcome.TimedOut.class);
        assertThat(slow.get()).as("still waiting for its response").isNull();
        waitFor(() -> tap.heldReceivedCount() == 2);
        tap.releaseReceived();
        quiet(t);

        assertThat(response(slow.get()).attempts()).isEqualTo(1);
        TransactionStats s = t.stats();
        assertThat(s.timeouts()).isEqualTo(1);
        assertThat(s.responses()).isEqualTo(1);
        assertThat(s.droppedUnmatched()).as("the answer to the one that timed out").isEqualTo(1);
    }

    @Test
    protected void responseAfterTheFinalTimeoutIsCountedAndDropped() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(FAST, 0));
        List<TransactionOutcome> out = new ArrayList<>();
        tap.holdReceived();
        t.send(nodeInfoGet(fabric.route(2)), out::add);
        quiet(t);
        waitFor(() -> tap.heldReceivedCount() == 1);
        tap.releaseReceived();

        assertThat(out).singleElement().isInstanceOf(TransactionOutcome.TimedOut.class);
        TransactionStats s = t.stats();
        assertThat(s.received()).isEqualTo(1);
        assertThat(s.droppedUnmatched()).isEqualTo(1);
        assertThat(s.responses()).isZero();
    }

    @ParameterizedTest(name = "max_wire_smps {0}")
    @ValueSource(ints = {1, 4, 16, 0})
    protected void windowLimitsSmpsOnTheWire(int window) throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(window).withTimeout(SLOW, 3));
        int n = 200;
        int onWire = window == 0 ? n : Math.min(window, n);
        RequestBatch batch = new RequestBatch(fabric, n);
        tap.holdSends();
        batch.sendAll(t);

        assertThat(t.stats().outstanding()).isEqualTo(onWire);
        assertThat(t.stats().queued()).isEqualTo(n - onWire);
        assertThat(tap.heldSends()).hasSize(onWire);
        tap.releaseSends();
        quiet(t);

        batch.assertAllAnswered();
        assertThat(t.stats().maxOutstandingSmps()).isEqualTo(onWire);
        assertThat(t.stats().queued()).isZero();
    }

    @Test
    protected void aWiderWindowSetAtRunTimeSendsTheQueuedRequestsAtOnce() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(2).withTimeout(SLOW, 3));
        RequestBatch batch = new RequestBatch(fabric, 20);
        tap.holdSends();
        batch.sendAll(t);
        assertThat(t.stats().outstanding()).isEqualTo(2);

        t.setWindow(TransactionSettings.defaults().withWindow(8));
        assertThat(t.stats().outstanding()).isEqualTo(8);
        assertThat(t.stats().queued()).isEqualTo(12);
        tap.releaseSends();
        quiet(t);
        batch.assertAllAnswered();
        assertThat(t.stats().maxOutstandingSmps()).isEqualTo(8);
    }

    @Test
    protected void aNarrowerWindowSetAtRunTimeHoldsBackUntilTheWireDrains() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(8).withTimeout(SLOW, 3));
        t.setWindow(TransactionSettings.defaults().withWindow(1));
        RequestBatch batch = new RequestBatch(fabric, 10);
        tap.holdSends();
        batch.sendAll(t);
        assertThat(t.stats().outstanding()).isEqualTo(1);
        tap.releaseSends();
        quiet(t);
        batch.assertAllAnswered();
        assertThat(t.stats().maxOutstandingSmps()).isEqualTo(1);
    }

    @Test
    protected void windowWidensUpToMaxWireSmps2WhileNothingCompletes() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3)
                .withWidening(1, 3, Duration.ofMillis(30)));
        RequestBatch batch = new RequestBatch(fabric, 10);
        tap.holdSends();
        batch.sendAll(t);
        waitFor(() -> t.stats().outstanding() == 3);
        Thread.sleep(150);

        assertThat(t.stats().outstanding()).as("never beyond max_wire_smps2").isEqualTo(3);
        tap.releaseSends();
        quiet(t);
        batch.assertAllAnswered();
        assertThat(t.stats().maxOutstandingSmps()).isEqualTo(3);
    }

    @Test
    protected void windowDoesNotWidenWhenMaxWireSmps2IsNotLarger() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3)
                .withWidening(2, 2, Duration.ofMillis(10)));
        RequestBatch batch = new RequestBatch(fabric, 10);
        tap.holdSends();
        batch.sendAll(t);
        Thread.sleep(100);

        assertThat(t.stats().outstanding()).isEqualTo(2);
        tap.releaseSends();
        quiet(t);
        batch.assertAllAnswered();
    }

    @Test
    protected void pipelinesTenThousandSmpsWithoutLoss() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(16).withTimeout(SLOW, 3));
        RequestBatch batch = new RequestBatch(fabric, 10_000);
        batch.sendAll(t);
        quiet(t);

        batch.assertAllAnswered();
        TransactionStats s = t.stats();
        assertThat(s.sent()).isEqualTo(10_000);
        assertThat(s.responses()).isEqualTo(10_000);
        assertThat(s.retries() + s.timeouts() + s.droppedUnmatched() + s.sendFailures()).isZero();
        assertThat(s.maxOutstandingSmps()).isLessThanOrEqualTo(16);
    }

    @Test
    protected void completesTenThousandSmpsUnderFivePercentLoss() throws InterruptedException {
        fabric.setLoss(0.05, 0.05, 42);
        MadTransactions t = open(TransactionSettings.defaults().withWindow(16).withTimeout(FAST, 3));
        RequestBatch batch = new RequestBatch(fabric, 10_000);
        batch.sendAll(t);
        quiet(t);

        int timedOut = batch.count(TransactionOutcome.TimedOut.class);
        assertThat(batch.count(TransactionOutcome.Response.class) + timedOut).isEqualTo(10_000);
        batch.assertResponsesCorrect();
        TransactionStats s = t.stats();
        assertThat(s.retries()).isPositive();
        assertThat(s.timeouts()).isEqualTo(timedOut);
        assertThat(s.responses()).isEqualTo(10_000 - timedOut);
        assertThat(s.outstanding() + s.queued()).isZero();
    }

    @Test
    protected void quiescenceWaitsForRequestsThatHandlersSend() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        AtomicInteger handled = new AtomicInteger();
        int depth = Math.min(5, fabric.maxHops());
        for (int root = 0; root < 20; root++) {
            t.send(nodeInfoGet(fabric.route(0)), new ResponseHandler() {
                private int hops;

                @Override
                public void onOutcome(TransactionOutcome o) {
                    response(o);
                    handled.incrementAndGet();
                    if (hops < depth) {
                        hops++;
                        t.send(nodeInfoGet(fabric.route(hops)), this);
                    }
                }
            });
        }
        t.awaitQuiescence();

        assertThat(handled.get()).isEqualTo(20 * (depth + 1));
        assertThat(t.stats().sent()).isEqualTo(20 * (depth + 1));
    }

    @Test
    protected void timedQuiescenceReportsPendingRequests() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        tap.holdSends();
        t.send(nodeInfoGet(fabric.route(1)), o -> { });

        assertThat(t.awaitQuiescence(Duration.ofMillis(50))).isFalse();
        tap.releaseSends();
        assertThat(t.awaitQuiescence(WAIT)).isTrue();
    }

    @Test
    protected void awaitQuiescenceOnTheHandlerThreadThrows() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        ConcurrentLinkedQueue<Throwable> thrown = new ConcurrentLinkedQueue<>();
        t.send(nodeInfoGet(fabric.route(0)), o -> {
            try {
                t.awaitQuiescence();
            } catch (InterruptedException | RuntimeException e) {
                thrown.add(e);
            }
        });
        quiet(t);

        assertThat(thrown).singleElement().isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> sm.submit(() -> t.awaitQuiescence(WAIT)).get())
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    protected void closeFailsQueuedAndOutstandingRequests() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        RequestBatch batch = new RequestBatch(fabric, 10);
        tap.holdSends();
        batch.sendAll(t);
        t.close();
        t.send(nodeInfoGet(fabric.route(1)), batch.outcomes::add);
        quiet(t);
        tap.releaseSends();

        assertThat(batch.count(TransactionOutcome.Closed.class)).isEqualTo(11);
        TransactionStats s = t.stats();
        assertThat(s.outstanding() + s.queued()).isZero();
        assertThat(s.sent()).isEqualTo(4);
    }

    @Test
    protected void undeliverableRouteFailsAtOnceWithoutRetries() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        t.send(nodeInfoGet(fabric.unroutableRoute()), out::add);
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        assertThat(out.get(0)).isInstanceOf(TransactionOutcome.SendFailed.class);
        TransactionOutcome.SendFailed f = (TransactionOutcome.SendFailed) out.get(0);
        assertThat(f.status()).isEqualTo(110);
        assertThat(f.attempts()).isEqualTo(1);
        response(out.get(1));
        TransactionStats s = t.stats();
        assertThat(s.sendFailures()).isEqualTo(1);
        assertThat(s.retries() + s.timeouts()).isZero();
    }

    @Test
    protected void sendThatThrowsFailsEachRequestItReaches() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(1).withTimeout(SLOW, 3));
        RequestBatch batch = new RequestBatch(fabric, 3);
        tap.failSends(true);
        batch.sendAll(t);
        quiet(t);
        tap.failSends(false);
        List<TransactionOutcome> out = new ArrayList<>();
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        assertThat(batch.count(TransactionOutcome.SendFailed.class)).isEqualTo(3);
        assertThat(((TransactionOutcome.SendFailed) batch.outcomes.peek()).reason()).contains("refused");
        response(out.get(0));
        assertThat(t.stats().sendFailures()).isEqualTo(3);
    }

    @Test
    protected void malformedMadsAreCountedAndDropped() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        byte[] badVersion = new byte[256];
        badVersion[0] = 2;
        badVersion[3] = (byte) 0x81;
        assertThatCode(() -> {
            tap.inject(MadAddress.directedRoute(), new byte[10], 10);
            tap.inject(MadAddress.directedRoute(), badVersion, 256);
            tap.inject(MadAddress.directedRoute(), new byte[256], 300);
        }).doesNotThrowAnyException();
        List<TransactionOutcome> out = new ArrayList<>();
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        response(out.get(0));
        assertThat(t.stats().droppedMalformed()).isEqualTo(3);
        assertThat(t.stats().received()).isEqualTo(1);
    }

    @Test
    protected void responsesMatchOnTidClassAttributeAndModifier() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        tap.holdSends();
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        byte[] sent = tap.heldSends().get(0);
        byte[] otherTid = RequestBatch.asResponse(sent);
        otherTid[15] ^= 0x40;
        byte[] otherAttribute = RequestBatch.asResponse(sent);
        MadHeader.ATTRIBUTE_ID.put(otherAttribute, 0, AttributeId.PORT_INFO.value());
        byte[] otherModifier = RequestBatch.asResponse(sent);
        MadHeader.ATTRIBUTE_MODIFIER.put(otherModifier, 0, 1);
        byte[] otherClass = RequestBatch.asResponse(sent);
        otherClass[1] = (byte) MgmtClass.SUBN_LID_ROUTED.value();
        for (byte[] wrong : List.of(otherTid, otherAttribute, otherModifier, otherClass)) {
            tap.inject(MadAddress.directedRoute(), wrong, wrong.length);
        }
        assertThat(t.stats().outstanding()).isEqualTo(1);
        tap.releaseSends();
        quiet(t);

        response(out.get(0));
        assertThat(t.stats().droppedUnmatched()).isEqualTo(4);
        assertThat(t.stats().responses()).isEqualTo(1);
    }

    @Test
    protected void unsolicitedMadsGoToTheHandlerForTheirClassMethodAndAttribute() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults());
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        ExecutorService sa = Executors.newSingleThreadExecutor(r -> new Thread(r, "sa"));
        try {
            t.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_LID_ROUTED, Method.TRAP),
                    (from, mad, len) -> seen.add("trap from " + ((MadAddress.LidRouted) from).lid()));
            t.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, Method.GET, AttributeId.NODE_INFO), sa,
                    (from, mad, len) -> seen.add("SA NodeRecord on " + Thread.currentThread().getName()));
            t.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, Method.GET), sa,
                    (from, mad, len) -> seen.add("SA other"));
            assertThatThrownBy(() -> t.onUnsolicited(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, Method.GET),
                    (from, mad, len) -> { })).isInstanceOf(IllegalStateException.class);

            tap.inject(MadAddress.smi(7), RequestBatch.mad(0x01, Method.TRAP, AttributeId.NOTICE), 256);
            tap.inject(MadAddress.gsi(9, 0, 0), RequestBatch.mad(0x03, Method.GET, AttributeId.NODE_INFO), 256);
            tap.inject(MadAddress.gsi(9, 0, 0), RequestBatch.mad(0x03, Method.GET, AttributeId.P_KEY_TABLE), 256);
            tap.inject(MadAddress.directedRoute(), RequestBatch.mad(0x81, Method.TRAP, AttributeId.NOTICE), 256);
            waitFor(() -> seen.size() == 3);
        } finally {
            sa.shutdown();
        }
        assertThat(seen).containsExactlyInAnyOrder("trap from 7", "SA NodeRecord on sa", "SA other");
        TransactionStats s = t.stats();
        assertThat(s.unsolicited()).isEqualTo(3);
        assertThat(s.droppedUnsolicited()).isEqualTo(1);
        assertThat(s.received()).isEqualTo(4);
    }

    @Test
    protected void responsesNoRequestAwaitsGoToTheirForeignResponseHandler() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults());
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        ExecutorService sa = Executors.newSingleThreadExecutor(r -> new Thread(r, "sa"));
        try {
            t.onForeignResponse(UnsolicitedFilter.of(MgmtClass.SUBN_ADM, Method.REPORT, AttributeId.NOTICE), sa,
                    (from, mad, len) -> seen.add(String.format("0x%02x from %d on %s", mad[3] & 0xFF,
                            ((MadAddress.LidRouted) from).lid(), Thread.currentThread().getName())));
            tap.inject(MadAddress.gsi(9, 0, 0), RequestBatch.mad(0x03, Method.REPORT_RESP, AttributeId.NOTICE),
                    256);
            tap.inject(MadAddress.gsi(9, 0, 0), RequestBatch.mad(0x03, Method.GET_RESP, AttributeId.NOTICE), 256);
            tap.inject(MadAddress.gsi(9, 0, 0), RequestBatch.mad(0x03, Method.REPORT, AttributeId.NOTICE), 256);
            waitFor(() -> t.stats().received() == 3);
            waitFor(() -> seen.size() == 1);
        } finally {
            sa.shutdown();
        }
        assertThat(seen).containsExactly("0x86 from 9 on sa");
        TransactionStats s = t.stats();
        assertThat(s.unsolicited()).isEqualTo(1);
        assertThat(s.droppedUnmatched()).as("GetResp: no route").isEqualTo(1);
        assertThat(s.droppedUnsolicited()).as("a Report request is not a response").isEqualTo(1);
    }

    /**
     * A requester's requests go out beside a full window, are not waited for by the barrier, are answered on the
     * requester's executor and count in its own counters, not the layer's.
     */
    @Test
    protected void aRequestersRequestsPassTheWindowAndTheBarrier() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(1).withTimeout(SLOW, 3));
        ExecutorService pm = Executors.newSingleThreadExecutor(r -> new Thread(r, "pm"));
        try {
            Requester r = t.requester(SLOW, 3, pm);
            RequestBatch batch = new RequestBatch(fabric, 2);
            AtomicReference<String> thread = new AtomicReference<>();
            AtomicReference<TransactionOutcome> out = new AtomicReference<>();
            tap.holdSends();
            batch.sendAll(t);
            r.send(nodeInfoGet(fabric.route(1)), o -> {
                thread.set(Thread.currentThread().getName());
                out.set(o);
            });
            assertThat(tap.heldSends()).as("the SM's first and the requester's").hasSize(2);
            assertThat(t.stats().queued()).isEqualTo(1);
            assertThat(r.outstanding()).isEqualTo(1);
            tap.releaseSends();
            quiet(t);
            waitFor(() -> out.get() != null);

            assertThat(response(out.get()).attempts()).isEqualTo(1);
            assertThat(thread.get()).isEqualTo("pm");
            assertThat(r.outstanding()).isZero();
            assertThat(r.stats()).isEqualTo(new RequesterStats(1, 0, 1, 0, 0, 0));
            TransactionStats s = t.stats();
            assertThat(s.sent()).as("the SM's two").isEqualTo(2);
            assertThat(s.responses()).isEqualTo(2);
            assertThat(s.received()).isEqualTo(3);
            batch.assertAllAnswered();

            tap.holdSends();
            r.send(nodeInfoGet(fabric.route(1)), o -> { });
            assertThat(t.awaitQuiescence(Duration.ofMillis(1))).as("the barrier does not wait for it").isTrue();
            tap.releaseSends();
            waitFor(() -> r.outstanding() == 0);
        } finally {
            pm.shutdown();
        }
    }

    @Test
    protected void aRequesterTimesOutAndRetriesWithItsOwnSettings() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        Requester r = t.requester(FAST, 2, Runnable::run);
        AtomicReference<TransactionOutcome> out = new AtomicReference<>();
        AtomicInteger outstandingInHandler = new AtomicInteger(-1);
        tap.dropAll(true);
        r.send(nodeInfoGet(fabric.route(1)), o -> {
            outstandingInHandler.set(r.outstanding());
            out.set(o);
        });
        waitFor(() -> out.get() != null);

        assertThat(out.get()).isInstanceOf(TransactionOutcome.TimedOut.class);
        assertThat(((TransactionOutcome.TimedOut) out.get()).attempts()).isEqualTo(3);
        assertThat(tap.sends()).isEqualTo(3);
        assertThat(outstandingInHandler.get()).as("its own request no longer counts in its handler").isZero();
        assertThat(r.stats()).isEqualTo(new RequesterStats(1, 2, 0, 1, 0, 0));
        assertThat(t.stats().retries() + t.stats().timeouts() + t.stats().sent()).isZero();
    }

    @Test
    protected void aCancelledRequestGetsNoOutcomeAndItsAnswerIsUnmatched() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        Requester r = t.requester(SLOW, 3, Runnable::run);
        List<TransactionOutcome> out = new ArrayList<>();
        tap.holdReceived();
        r.send(nodeInfoGet(fabric.route(1)), out::add);
        waitFor(() -> tap.heldReceivedCount() == 1);
        r.cancelAll();
        assertThat(r.outstanding()).isZero();
        tap.releaseReceived();
        waitFor(() -> t.stats().received() == 1);

        assertThat(out).isEmpty();
        assertThat(t.stats().droppedUnmatched()).isEqualTo(1);
        assertThat(r.stats().responses()).isZero();
    }

    @Test
    protected void failingHandlerDoesNotStopLaterOutcomes() throws InterruptedException {
        MadTransactions t = open(TransactionSettings.defaults().withTimeout(SLOW, 3));
        List<TransactionOutcome> out = new ArrayList<>();
        t.send(nodeInfoGet(fabric.route(0)), o -> {
            throw new IllegalStateException("handler bug (expected by the test)");
        });
        t.send(nodeInfoGet(fabric.route(1)), out::add);
        quiet(t);

        response(out.get(0));
    }

    @Test
    protected void postBypassesTheWindowAndKeepsItsTid() throws Exception {
        MadTransactions t = open(TransactionSettings.defaults().withWindow(1).withTimeout(SLOW, 3));
        RequestBatch batch = new RequestBatch(fabric, 3);
        tap.holdSends();
        batch.sendAll(t);
        byte[] report = RequestBatch.mad(0x03, Method.REPORT, AttributeId.NOTICE);
        MadHeader.TRANSACTION_ID.put(report, 0, 0x02DA_B000L);
        t.post(OutboundMad.of(MadAddress.gsi(5, 0, 0), report));

        List<byte[]> held = tap.heldSends();
        assertThat(held).hasSize(2);
        assertThat(MadHeader.TRANSACTION_ID.getLong(held.get(1), 0)).isEqualTo(0x02DA_B000L);
        assertThat(t.stats().queued()).isEqualTo(2);
        assertThat(t.stats().sent()).isEqualTo(2);
        assertThatThrownBy(() -> t.send(OutboundMad.of(MadAddress.gsi(5, 0, 0),
                RequestBatch.mad(0x03, Method.GET_RESP, AttributeId.NOTICE)), o -> { }))
                .isInstanceOf(IllegalArgumentException.class);
        tap.releaseSends();
        quiet(t);
        batch.assertAllAnswered();
    }

    /** Waits (bounded) for quiescence. */
    protected static void quiet(MadTransactions t) throws InterruptedException {
        assertThat(t.awaitQuiescence(WAIT)).as("quiescent within " + WAIT).isTrue();
    }

    /** Polls {@code condition} until true, failing after {@link #WAIT}. */
    protected static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - end).as("condition within " + WAIT).isNegative();
            Thread.sleep(2);
        }
    }

    /** A DR NodeInfo Get along {@code route}. */
    protected static OutboundMad nodeInfoGet(DrPath route) {
        return OutboundMad.of(MadAddress.directedRoute(),
                Smp.directedRoute(Method.GET, 0, AttributeId.NODE_INFO, 0, route, 0));
    }

    /** {@code o} as a successful response (fails the test otherwise). */
    protected static TransactionOutcome.Response response(TransactionOutcome o) {
        assertThat(o).isInstanceOf(TransactionOutcome.Response.class);
        TransactionOutcome.Response r = (TransactionOutcome.Response) o;
        assertThat(r.isOk()).as("status of %s", r.request()).isTrue();
        return r;
    }

    /** The NodeGuid in a NodeInfo response. */
    protected static long nodeGuid(TransactionOutcome.Response r) {
        return NodeInfo.NODE_GUID.getLong(r.mad(), Smp.DATA_OFFSET);
    }
}
