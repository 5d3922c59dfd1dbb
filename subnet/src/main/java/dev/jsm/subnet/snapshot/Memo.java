package dev.jsm.subnet.snapshot;

import java.util.function.Supplier;

/**
 * A value computed once, on first use, by whichever thread asks first (ONOS's memoized topology views).
 *
 * <p>Thread-safe.
 */
final class Memo<T> {

    private final Supplier<T> supplier;
    private volatile T value;

    Memo(Supplier<T> supplier) {
        this.supplier = supplier;
    }

    T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = supplier.get();
                    value = v;
                }
            }
        }
        return v;
    }
}
