package dev.jsm.sim.demo;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A directed-route crawl the way an SM discovers a fabric, for the demo and the benchmarks: breadth first by node
 * GUID, NodeInfo of the local port, then for every new switch SwitchInfo and PortInfo of every port, for every new
 * CA PortInfo of the port reached, and NodeInfo through every port whose PortInfo says LinkUp. At most
 * {@code window} SMPs are outstanding (OpenSM's max_wire_smps); responses are handled on the channel's receive
 * thread, which sends the next requests. No timeouts: the simulated fabric answers every SMP along a live link. This
 * is not the SM's discovery stage (that lives in the daemon); it only exercises a fabric through a
 * {@link MadChannel}.
 *
 * <p>Single use. Confined to the receive thread once {@link #run} has sent the first request.
 */
public final class DirectedRouteCrawler {

    private static final int NODE_INFO = 0;
    private static final int PORT_INFO = 1;
    private static final int SWITCH_INFO = 2;

    private final MadChannel channel;
    private final int window;
    private final ArrayDeque<Integer> queued = new ArrayDeque<>();
    private final List<DrPath> paths = new ArrayList<>();
    private final List<int[]> kinds = new ArrayList<>();
    private final Map<Long, Integer> nodesByGuid = new HashMap<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private int outstanding;
    private long responses;
    private int switches;
    private int cas;
    private int links;

    /**
     * @param channel channel bound to the port the crawl starts from
     * @param window maximum number of outstanding SMPs
     */
    public DirectedRouteCrawler(MadChannel channel, int window) {
        this.channel = channel;
        this.window = window;
    }

    /** Discovers the whole fabric and returns when every request was answered. */
    public void run() throws InterruptedException {
        channel.setReceiver((from, mad, length) -> onResponse(mad));
        synchronized (this) {
            enqueue(DrPath.local(), NODE_INFO, 0);
            pump();
        }
        done.await();
    }

    /** SMPs answered. */
    public long smps() {
        return responses;
    }

    /** Switches found. */
    public int switches() {
        return switches;
    }

    /** CAs found. */
    public int cas() {
        return cas;
    }

    /** Links seen: NodeInfo answers through a switch port or the local port. */
    public int links() {
        return links;
    }

    private synchronized void onResponse(byte[] mad) {
        outstanding--;
        responses++;
        int tid = (int) MadHeader.TRANSACTION_ID.getLong(mad, 0);
        if (Smp.status(mad) != 0) {
            throw new IllegalStateException("SMP " + tid + " failed with status " + Smp.status(mad));
        }
        DrPath path = paths.get(tid);
        int[] kind = kinds.get(tid);
        switch (kind[0]) {
            case NODE_INFO -> nodeInfo(path, mad);
            case PORT_INFO -> portInfo(path, kind[1], mad);
            default -> {
            }
        }
        pump();
        if (outstanding == 0 && queued.isEmpty()) {
            done.countDown();
        }
    }

    private void nodeInfo(DrPath path, byte[] mad) {
        if (path.hopCount() > 0) {
            links++;
        }
        long guid = NodeInfo.NODE_GUID.getLong(mad, Smp.DATA_OFFSET);
        if (nodesByGuid.putIfAbsent(guid, nodesByGuid.size()) != null) {
            return;
        }
        int type = NodeInfo.NODE_TYPE.getInt(mad, Smp.DATA_OFFSET);
        if (type == 2) {
            switches++;
            enqueue(path, SWITCH_INFO, 0);
            int ports = NodeInfo.NUM_PORTS.getInt(mad, Smp.DATA_OFFSET);
            for (int p = 0; p <= ports; p++) {
                enqueue(path, PORT_INFO, p);
            }
        } else {
            cas++;
            enqueue(path, PORT_INFO, path.hopCount() == 0 ? NodeInfo.LOCAL_PORT_NUM.getInt(mad, Smp.DATA_OFFSET) : 0);
        }
    }

    private void portInfo(DrPath path, int port, byte[] mad) {
        boolean linkUp = PortInfo.PORT_PHYSICAL_STATE.getInt(mad, Smp.DATA_OFFSET) == 5;
        boolean local = path.hopCount() == 0;
        boolean switchPort = port > 0;
        if (linkUp && (switchPort || local)) {
            enqueue(path.extend(local ? PortInfo.LOCAL_PORT_NUM.getInt(mad, Smp.DATA_OFFSET) : port), NODE_INFO, 0);
        }
    }

    private void enqueue(DrPath path, int kind, int port) {
        paths.add(path);
        kinds.add(new int[] {kind, port});
        queued.add(paths.size() - 1);
    }

    private void pump() {
        while (outstanding < window && !queued.isEmpty()) {
            int tid = queued.poll();
            int[] kind = kinds.get(tid);
            AttributeId attr = switch (kind[0]) {
                case NODE_INFO -> AttributeId.NODE_INFO;
                case PORT_INFO -> AttributeId.PORT_INFO;
                default -> AttributeId.SWITCH_INFO;
            };
            byte[] mad = Smp.directedRoute(Method.GET, tid, attr, kind[1], paths.get(tid), 0);
            try {
                channel.send(MadAddress.directedRoute(), mad, mad.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            outstanding++;
        }
    }
}
