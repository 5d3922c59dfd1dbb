package dev.jsm.sim.server;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The live counters behind {@link ServerStats}. Thread-safe: the I/O thread and the simulator thread both count.
 */
final class ServerCounters {

    final AtomicLong connects = new AtomicLong();
    final AtomicLong refused = new AtomicLong();
    final AtomicLong disconnects = new AtomicLong();
    final AtomicLong deadClients = new AtomicLong();
    final AtomicLong madsIn = new AtomicLong();
    final AtomicLong madsOut = new AtomicLong();
    final AtomicLong malformedCtl = new AtomicLong();
    final AtomicLong unknownCtlType = new AtomicLong();
    final AtomicLong badClientId = new AtomicLong();
    final AtomicLong malformedMads = new AtomicLong();
    final AtomicLong undeliverable = new AtomicLong();

    ServerStats snapshot(int clients) {
        return new ServerStats(clients, connects.get(), refused.get(), disconnects.get(), deadClients.get(),
                madsIn.get(), madsOut.get(), malformedCtl.get(), unknownCtlType.get(), badClientId.get(),
                malformedMads.get(), undeliverable.get());
    }
}
