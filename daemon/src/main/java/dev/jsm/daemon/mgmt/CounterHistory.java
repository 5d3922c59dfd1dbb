package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.perfmgr.Counter;
import dev.jsm.daemon.perfmgr.PerfSnapshot;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters over time of the ports someone looks at: each request for a port's page records the performance
 * manager's newest reading of it (when it is newer than the last recorded), so the history of a port starts when its
 * page is first opened and grows while the page polls. At most {@value #PORTS} ports (the least recently viewed
 * forgotten) and {@value #READINGS} readings each, so memory stays bounded at any fabric size.
 *
 * <p>Thread-safe (synchronized).
 */
final class CounterHistory {

    static final int PORTS = 64;
    static final int READINGS = 120;

    private record Key(long guid, int port) {
    }

    private final Map<Key, Deque<long[]>> ports = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Deque<long[]>> eldest) {
            return size() > PORTS;
        }
    };

    /**
     * Records {@code node}'s reading of {@code port} if new, and returns the port's readings, oldest first: each
     * {@code [epoch millis, xmit data, rcv data, error total]}, data in bytes.
     */
    synchronized List<long[]> sample(long guid, int port, PerfSnapshot.Node node) {
        Deque<long[]> readings = ports.computeIfAbsent(new Key(guid, port), k -> new ArrayDeque<>());
        long when = node.lastDataUpdate()[port];
        if (readings.isEmpty() || readings.peekLast()[0] != when) {
            long errors = 0;
            for (int c = 0; c < Counter.ERRORS; c++) {
                errors += node.total(port, Counter.at(c));
            }
            if (readings.size() == READINGS) {
                readings.removeFirst();
            }
            readings.addLast(new long[] {when, node.total(port, Counter.XMIT_DATA) * 4,
                node.total(port, Counter.RCV_DATA) * 4, errors});
        }
        return new ArrayList<>(readings);
    }
}
