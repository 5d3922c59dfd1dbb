package dev.jsm.routing.nue;

import java.util.Arrays;

/**
 * A binary min-heap of switch indices keyed by a {@code long} distance, with decrease-key: Dijkstra's priority queue
 * on primitive arrays. Equal keys pop in switch index order, so searches are deterministic.
 *
 * <p>Reusable ({@link #clear}); confined to one thread.
 */
final class SwitchHeap {

    private final int[] heap;
    private final int[] pos;
    private final long[] key;
    private int size;

    /** A heap for switches {@code 0..switches-1}. */
    SwitchHeap(int switches) {
        heap = new int[switches];
        pos = new int[switches];
        key = new long[switches];
        Arrays.fill(pos, -1);
    }

    /** Empties the heap. */
    void clear() {
        for (int i = 0; i < size; i++) {
            pos[heap[i]] = -1;
        }
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Inserts {@code sw} with {@code k}, or lowers its key to {@code k} if it is queued with a higher one. */
    void offer(int sw, long k) {
        int i = pos[sw];
        if (i < 0) {
            i = size++;
            heap[i] = sw;
            pos[sw] = i;
            key[sw] = k;
        } else if (k < key[sw]) {
            key[sw] = k;
        } else {
            return;
        }
        siftUp(i);
    }

    /** Removes and returns the switch with the least key. */
    int poll() {
        int top = heap[0];
        pos[top] = -1;
        int last = heap[--size];
        if (size > 0) {
            heap[0] = last;
            pos[last] = 0;
            siftDown(0);
        }
        return top;
    }

    private boolean less(int a, int b) {
        return key[a] < key[b] || key[a] == key[b] && a < b;
    }

    private void siftUp(int i) {
        int sw = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            int p = heap[parent];
            if (!less(sw, p)) {
                break;
            }
            heap[i] = p;
            pos[p] = i;
            i = parent;
        }
        heap[i] = sw;
        pos[sw] = i;
    }

    private void siftDown(int i) {
        int sw = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int c = heap[child];
            int right = child + 1;
            if (right < size && less(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!less(c, sw)) {
                break;
            }
            heap[i] = c;
            pos[c] = i;
            i = child;
        }
        heap[i] = sw;
        pos[sw] = i;
    }
}
