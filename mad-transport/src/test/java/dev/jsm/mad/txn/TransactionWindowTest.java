package dev.jsm.mad.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Window, deadlines and widening on a synthetic clock: the exact OpenSM semantics without sleeping. */
class TransactionWindowTest {

    private static final long MS = 1_000_000;
    private int nextTid = 1;

    @Test
    void queuesBeyondTheWindowAndReleasesInFifoOrder() {
        TransactionWindow w = new TransactionWindow(TransactionSettings.defaults().withWindow(2));
        Transaction[] t = smps(4);
        for (Transaction x : t) {
            if (w.admit(x, 0)) {
                w.putOnWire(x, 0);
            }
        }
        assertThat(w.onWire()).isEqualTo(2);
        assertThat(w.queued()).isEqualTo(2);
        assertThat(w.nextToSend()).isNull();

        w.retire(t[1], 1);
        assertThat(w.nextToSend()).isSameAs(t[2]);
        w.putOnWire(t[2], 1);
        assertThat(w.nextToSend()).isNull();
        assertThat(w.maxSmpsOnWire()).isEqualTo(2);
    }

    @Test
    void newLimitsApplyToTheNextRequestsAndEndAWidening() {
        TransactionWindow w = new TransactionWindow(TransactionSettings.defaults()
                .withWidening(1, 2, Duration.ofMillis(10)));
        Transaction[] t = smps(6);
        for (Transaction x : t) {
            if (w.admit(x, 0)) {
                w.putOnWire(x, 0);
            }
        }
        assertThat(w.widenIfStalled(10 * MS)).isTrue();
        w.putOnWire(w.nextToSend(), 10 * MS);
        assertThat(w.onWire()).isEqualTo(2);

        w.setLimits(TransactionSettings.defaults().withWindow(4));
        assertThat(w.nextToSend()).isSameAs(t[2]);
        w.putOnWire(t[2], 11 * MS);
        assertThat(w.nextToSend()).isSameAs(t[3]);
        w.putOnWire(t[3], 11 * MS);
        assertThat(w.nextToSend()).isNull();
        assertThat(w.widenIfStalled(100 * MS)).as("max_wire_smps2 4: no widening").isFalse();

        w.setLimits(TransactionSettings.defaults().withWindow(1));
        w.retire(t[0], 12 * MS);
        assertThat(w.nextToSend()).as("3 on the wire, window 1").isNull();
    }

    @Test
    void gsiRequestsAndUnlimitedWindowsNeverQueue() {
        TransactionWindow limited = new TransactionWindow(TransactionSettings.defaults().withWindow(1));
        TransactionWindow unlimited = new TransactionWindow(TransactionSettings.defaults().withWindow(0));
        for (int i = 0; i < 100; i++) {
            assertThat(limited.admit(gsi(), 0)).isTrue();
            Transaction smp = smps(1)[0];
            assertThat(unlimited.admit(smp, 0)).isTrue();
            unlimited.putOnWire(smp, 0);
        }
        assertThat(unlimited.maxSmpsOnWire()).isEqualTo(100);
    }

    @Test
    void deadlinesExpireInOrderAndRearmingMovesToTheBack() {
        TransactionWindow wide = new TransactionWindow(TransactionSettings.defaults().withWindow(0)
                .withTimeout(Duration.ofMillis(200), 3));
        Transaction[] u = smps(2);
        wide.putOnWire(u[0], 0);
        wide.putOnWire(u[1], 10 * MS);
        assertThat(wide.expired(199 * MS)).isNull();
        assertThat(wide.nanosUntilNextEvent(199 * MS)).isEqualTo(MS);
        assertThat(wide.expired(200 * MS)).isSameAs(u[0]);
        wide.rearm(u[0], 200 * MS);
        assertThat(u[0].attempts).isEqualTo(2);
        assertThat(wide.expired(200 * MS)).isNull();
        assertThat(wide.expired(210 * MS)).isSameAs(u[1]);
    }

    @Test
    void longRequestsWaitTheLongTimeoutAndDeadlinesStayInOrderAcrossBothLists() {
        TransactionWindow w = new TransactionWindow(TransactionSettings.defaults().withWindow(0)
                .withTimeout(Duration.ofMillis(200), 3).withLongTimeout(Duration.ofMillis(500)));
        Transaction[] u = smps(2);
        Transaction slow = longSmp();
        w.putOnWire(slow, 0);
        w.putOnWire(u[0], 100 * MS);
        w.putOnWire(u[1], 400 * MS);
        assertThat(w.onWire()).isEqualTo(3);
        assertThat(w.nanosUntilNextEvent(0)).isEqualTo(300 * MS);
        assertThat(w.expired(299 * MS)).isNull();
        assertThat(w.expired(300 * MS)).isSameAs(u[0]);
        w.retire(u[0], 300 * MS);
        assertThat(w.nanosUntilNextEvent(300 * MS)).isEqualTo(200 * MS);
        assertThat(w.expired(499 * MS)).isNull();
        assertThat(w.expired(500 * MS)).isSameAs(slow);
        w.rearm(slow, 500 * MS);
        assertThat(slow.deadline).isEqualTo(1000 * MS);
        assertThat(w.expired(600 * MS)).isSameAs(u[1]);
        w.retire(u[1], 600 * MS);
        assertThat(w.nanosUntilNextEvent(600 * MS)).isEqualTo(400 * MS);
        assertThat(w.drainOne()).isSameAs(slow);
        assertThat(w.onWire()).isZero();
    }

    @Test
    void aRequestersLaneKeepsItsOwnTimeoutAndStaysOutOfTheWindow() {
        TransactionWindow w = new TransactionWindow(TransactionSettings.defaults().withWindow(1)
                .withTimeout(Duration.ofMillis(200), 3));
        Requester r = new Requester(null, w.addLane(50 * MS), 1, Runnable::run);
        Transaction smp = smps(1)[0];
        OutboundMad request = OutboundMad.of(MadAddress.directedRoute(),
                Smp.directedRoute(Method.GET, 0, AttributeId.NODE_INFO, 0, DrPath.local(), 0));
        Transaction own = new Transaction(null, request, o -> { }, nextTid++, 1, false, r);
        assertThat(w.admit(smp, 0)).isTrue();
        w.putOnWire(smp, 0);
        assertThat(w.admit(own, 0)).as("a requester's SMP does not wait for the window").isTrue();
        w.putOnWire(own, 10 * MS);

        assertThat(w.onWire()).as("the SM's own only").isEqualTo(1);
        assertThat(w.nanosUntilNextEvent(10 * MS)).isEqualTo(50 * MS);
        assertThat(w.expired(59 * MS)).isNull();
        assertThat(w.expired(60 * MS)).isSameAs(own);
        w.retire(own, 60 * MS);
        assertThat(w.nextToSend()).isNull();
        assertThat(w.expired(199 * MS)).isNull();
        assertThat(w.expired(200 * MS)).isSameAs(smp);
    }

    @Test
    void responsesMatchOnTidClassAttributeAndModifier() {
        TransactionWindow w = new TransactionWindow(settings(1, 1, 600));
        Transaction[] t = smps(1);
        w.putOnWire(t[0], 0);
        assertThat(w.match(t[0].tid, 0x81, AttributeId.NODE_INFO.value(), 0)).isSameAs(t[0]);
        assertThat(w.match(t[0].tid, 0x81, AttributeId.PORT_INFO.value(), 0)).isNull();
        assertThat(w.match(t[0].tid, 0x01, AttributeId.NODE_INFO.value(), 0)).isNull();
        assertThat(w.match(t[0].tid, 0x81, AttributeId.NODE_INFO.value(), 1)).isNull();
        w.retire(t[0], 5);
        assertThat(w.match(t[0].tid, 0x81, AttributeId.NODE_INFO.value(), 0)).isNull();
        assertThat(w.nanosUntilNextEvent(5)).isEqualTo(-1);
    }

    @Test
    void widensOneStepPerMaxSmpsTimeoutUpToMaxWireSmps2() {
        TransactionWindow w = new TransactionWindow(settings(1, 3, 600));
        Transaction[] t = smps(6);
        fill(w, t, 0);
        assertThat(w.onWire()).isEqualTo(1);
        assertThat(w.nanosUntilNextEvent(0)).isEqualTo(200 * MS);

        assertThat(w.widenIfStalled(599 * MS)).isFalse();
        assertThat(w.widenIfStalled(600 * MS)).isTrue();
        send(w, 600 * MS);
        assertThat(w.onWire()).isEqualTo(2);
        assertThat(w.widenIfStalled(1199 * MS)).isFalse();
        assertThat(w.widenIfStalled(1200 * MS)).isTrue();
        send(w, 1200 * MS);
        assertThat(w.onWire()).isEqualTo(3);
        assertThat(w.widenIfStalled(5000 * MS)).as("at max_wire_smps2").isFalse();
        assertThat(w.nextToSend()).isNull();
        assertThat(w.maxSmpsOnWire()).isEqualTo(3);
    }

    @Test
    void aCompletionNarrowsTheWindowBackAndRestartsTheStallClock() {
        TransactionWindow w = new TransactionWindow(settings(1, 3, 600));
        Transaction[] t = smps(6);
        fill(w, t, 0);
        w.widenIfStalled(600 * MS);
        send(w, 600 * MS);
        assertThat(w.onWire()).isEqualTo(2);

        w.retire(t[0], 700 * MS);
        assertThat(w.nextToSend()).as("back to max_wire_smps 1 with one still on the wire").isNull();
        assertThat(w.widenIfStalled(1299 * MS)).isFalse();
        assertThat(w.widenIfStalled(1300 * MS)).isTrue();
    }

    @Test
    void noWideningWhenMaxWireSmps2IsNotLarger() {
        TransactionWindow w = new TransactionWindow(settings(2, 2, 1));
        fill(w, smps(5), 0);
        assertThat(w.widenIfStalled(10_000 * MS)).isFalse();
        assertThat(w.onWire()).isEqualTo(2);
    }

    @Test
    void drainEmptiesQueueThenWire() {
        TransactionWindow w = new TransactionWindow(settings(1, 1, 600));
        Transaction[] t = smps(3);
        fill(w, t, 0);
        assertThat(w.drainOne()).isSameAs(t[1]);
        assertThat(w.drainOne()).isSameAs(t[2]);
        assertThat(w.drainOne()).isSameAs(t[0]);
        assertThat(w.drainOne()).isNull();
        assertThat(w.onWire() + w.queued()).isZero();
    }

    private static TransactionSettings settings(int max, int max2, long widenMs) {
        return new TransactionSettings(max, max2, Duration.ofMillis(widenMs), Duration.ofMillis(200), 3);
    }

    private static void fill(TransactionWindow w, Transaction[] t, long now) {
        for (Transaction x : t) {
            if (w.admit(x, now)) {
                w.putOnWire(x, now);
            }
        }
    }

    private static void send(TransactionWindow w, long now) {
        for (Transaction x = w.nextToSend(); x != null; x = w.nextToSend()) {
            w.putOnWire(x, now);
        }
    }

    private Transaction[] smps(int n) {
        Transaction[] t = new Transaction[n];
        for (int i = 0; i < n; i++) {
            OutboundMad r = OutboundMad.of(MadAddress.directedRoute(),
                    Smp.directedRoute(Method.GET, 0, AttributeId.NODE_INFO, 0, DrPath.local(), 0));
            t[i] = new Transaction(null, r, o -> { }, nextTid++, 0);
        }
        return t;
    }

    private Transaction longSmp() {
        OutboundMad r = OutboundMad.of(MadAddress.directedRoute(), Smp.directedRoute(Method.SET, 0,
                AttributeId.SL_TO_VL_MAPPING_TABLE, 0x30000, DrPath.local(), 0));
        return new Transaction(null, r, o -> { }, nextTid++, 0, true);
    }

    private Transaction gsi() {
        byte[] mad = new byte[256];
        new MadHeader(1, 0x03, 2, Method.GET.value(), 0, 0, 0, 0x11, 0).encodeTo(mad);
        return new Transaction(null, OutboundMad.of(MadAddress.gsi(1, 0, 0), mad), o -> { }, nextTid++, 0);
    }
}
