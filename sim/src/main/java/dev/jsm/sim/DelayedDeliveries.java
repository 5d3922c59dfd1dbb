package dev.jsm.sim;

import dev.jsm.mad.channel.MadAddress;
import java.util.Arrays;

/**
 * Deliveries waiting for their time: a binary min-heap on (due time, arrival order) in parallel arrays, so equal due
 * times keep their order and nothing is allocated per entry.
 *
 * <p>Not thread-safe: guarded by the engine's queue lock.
 */
final class DelayedDeliveries {

    private long[] due = new long[64];
    private long[] order = new long[64];
    private SimMadChannel[] channels = new SimMadChannel[64];
    private MadAddress[] addresses = new MadAddress[64];
    private byte[][] mads = new byte[64][];
    private int size;
    private long next;

    void add(long dueNanos, SimMadChannel channel, MadAddress from, byte[] mad) {
        if (size == due.length) {
            int n = size * 2;
            due = Arrays.copyOf(due, n);
            order = Arrays.copyOf(order, n);
            channels = Arrays.copyOf(channels, n);
            addresses = Arrays.copyOf(addresses, n);
            mads = Arrays.copyOf(mads, n);
        }
        int i = size++;
        set(i, dueNanos, next++, channel, from, mad);
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(i, parent)) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Due time of the earliest entry; only when not empty. */
    long nextDue() {
        return due[0];
    }

    /** Moves every entry due at or before {@code now} to {@code into}, earliest first. */
    void takeDue(long now, MadBatch into) {
        while (size > 0 && due[0] - now <= 0) {
            into.add(channels[0], addresses[0], mads[0]);
            size--;
            set(0, due[size], order[size], channels[size], addresses[size], mads[size]);
            set(size, 0, 0, null, null, null);
            siftDown(0);
        }
    }

    /** Drops everything. */
    void clear() {
        Arrays.fill(channels, 0, size, null);
        Arrays.fill(addresses, 0, size, null);
        Arrays.fill(mads, 0, size, null);
        size = 0;
    }

    private void siftDown(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int c = l + 1 < size && less(l + 1, l) ? l + 1 : l;
            if (!less(c, i)) {
                return;
            }
            swap(i, c);
            i = c;
        }
    }

    private boolean less(int a, int b) {
        long d = due[a] - due[b];
        return d < 0 || (d == 0 && order[a] < order[b]);
    }

    private void swap(int a, int b) {
        long d = due[a];
        long o = order[a];
        SimMadChannel c = channels[a];
        MadAddress f = addresses[a];
        byte[] m = mads[a];
        set(a, due[b], order[b], channels[b], addresses[b], mads[b]);
        set(b, d, o, c, f, m);
    }

    private void set(int i, long d, long o, SimMadChannel c, MadAddress f, byte[] m) {
        due[i] = d;
        order[i] = o;
        channels[i] = c;
        addresses[i] = f;
        mads[i] = m;
    }
}
