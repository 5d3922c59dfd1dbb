package dev.jsm.daemon.event;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/** Event plug-ins for the tests, listed in the test resources' {@code META-INF/services}. */
public final class TestPlugins {

    private TestPlugins() {
    }

    /** Keeps every event and the options it was opened with. */
    public static final class Collecting implements EventPlugin {
        static final List<FabricEvent> EVENTS = new CopyOnWriteArrayList<>();
        static volatile String options;

        @Override
        public String name() {
            return "test-collecting";
        }

        @Override
        public void open(String opts) {
            options = opts;
        }

        @Override
        public void report(FabricEvent event) {
            EVENTS.add(event);
        }
    }

    /** Throws on every event. */
    public static final class Throwing implements EventPlugin {
        @Override
        public String name() {
            return "test-throwing";
        }

        @Override
        public void report(FabricEvent event) {
            throw new IllegalStateException("plug-in bug");
        }
    }

    /** Blocks in its first event until {@link #RELEASE} is counted down. */
    public static final class Blocking implements EventPlugin {
        static final CountDownLatch RELEASE = new CountDownLatch(1);
        static final CountDownLatch ENTERED = new CountDownLatch(1);

        @Override
        public String name() {
            return "test-blocking";
        }

        @Override
        public void report(FabricEvent event) throws InterruptedException {
            ENTERED.countDown();
            RELEASE.await();
        }
    }

    /** Cannot start. */
    public static final class FailingOpen implements EventPlugin {
        @Override
        public String name() {
            return "test-failing-open";
        }

        @Override
        public void open(String opts) {
            throw new IllegalArgumentException("no such device");
        }

        @Override
        public void report(FabricEvent event) {
            throw new AssertionError("never opened");
        }
    }
}
