package dev.jsm.mad.txn;

import java.time.Duration;
import java.util.Objects;

/**
 * Window and timeout settings of {@link MadTransactions}, with OpenSM's option names and meaning
 * (docs/reference/opensm-behaviour.md#mad-transport-window-timeouts-retries).
 *
 * <p>In detail: docs/design/mad-transport.md#transactionsettings.
 */
public record TransactionSettings(int maxWireSmps, int maxWireSmps2, Duration maxSmpsTimeout,
                                  Duration transactionTimeout, int transactionRetries,
                                  Duration longTransactionTimeout) {

    /** OpenSM's default {@code long_transaction_timeout}. */
    public static final Duration DEFAULT_LONG_TRANSACTION_TIMEOUT = Duration.ofMillis(500);

    /**
     * @throws IllegalArgumentException for negative counts, non-positive durations, or a long transaction timeout
     *     shorter than the transaction timeout
     */
    public TransactionSettings {
        Objects.requireNonNull(maxSmpsTimeout, "maxSmpsTimeout");
        Objects.requireNonNull(transactionTimeout, "transactionTimeout");
        Objects.requireNonNull(longTransactionTimeout, "longTransactionTimeout");
        if (maxWireSmps < 0 || maxWireSmps2 < 0 || transactionRetries < 0) {
            throw new IllegalArgumentException("max_wire_smps " + maxWireSmps + ", max_wire_smps2 " + maxWireSmps2
                    + ", transaction_retries " + transactionRetries + ": none may be negative");
        }
        if (maxSmpsTimeout.isNegative() || maxSmpsTimeout.isZero()
                || transactionTimeout.isNegative() || transactionTimeout.isZero()) {
            throw new IllegalArgumentException("max_smps_timeout " + maxSmpsTimeout + " and transaction_timeout "
                    + transactionTimeout + " must be positive");
        }
        if (longTransactionTimeout.compareTo(transactionTimeout) < 0) {
            throw new IllegalArgumentException("long_transaction_timeout " + longTransactionTimeout
                    + " is shorter than transaction_timeout " + transactionTimeout);
        }
    }

    /**
     * Settings whose long transaction timeout is the larger of {@link #DEFAULT_LONG_TRANSACTION_TIMEOUT} and
     * {@code transactionTimeout}.
     */
    public TransactionSettings(int maxWireSmps, int maxWireSmps2, Duration maxSmpsTimeout, Duration transactionTimeout,
                               int transactionRetries) {
        this(maxWireSmps, maxWireSmps2, maxSmpsTimeout, transactionTimeout, transactionRetries,
                atLeast(DEFAULT_LONG_TRANSACTION_TIMEOUT, transactionTimeout));
    }

    /** OpenSM's defaults: 4, 4, 600000 us, 200 ms, 3, 500 ms. */
    public static TransactionSettings defaults() {
        return new TransactionSettings(4, 4, Duration.ofMillis(600), Duration.ofMillis(200), 3,
                DEFAULT_LONG_TRANSACTION_TIMEOUT);
    }

    /** A copy with {@code max_wire_smps} (and {@code max_wire_smps2}, so that widening stays off) set to {@code n}. */
    public TransactionSettings withWindow(int n) {
        return new TransactionSettings(n, n, maxSmpsTimeout, transactionTimeout, transactionRetries,
                longTransactionTimeout);
    }

    /** A copy with widening from {@code maxWireSmps} up to {@code maxWireSmps2} after {@code maxSmpsTimeout}. */
    public TransactionSettings withWidening(int maxWireSmps, int maxWireSmps2, Duration maxSmpsTimeout) {
        return new TransactionSettings(maxWireSmps, maxWireSmps2, maxSmpsTimeout, transactionTimeout,
                transactionRetries, longTransactionTimeout);
    }

    /**
     * A copy with another {@code transaction_timeout} and {@code transaction_retries}; the long transaction timeout
     * stays, or becomes {@code transactionTimeout} if that is longer.
     */
    public TransactionSettings withTimeout(Duration transactionTimeout, int transactionRetries) {
        Objects.requireNonNull(transactionTimeout, "transactionTimeout");
        return new TransactionSettings(maxWireSmps, maxWireSmps2, maxSmpsTimeout, transactionTimeout,
                transactionRetries, atLeast(longTransactionTimeout, transactionTimeout));
    }

    /** A copy with another {@code long_transaction_timeout}. */
    public TransactionSettings withLongTimeout(Duration longTransactionTimeout) {
        return new TransactionSettings(maxWireSmps, maxWireSmps2, maxSmpsTimeout, transactionTimeout,
                transactionRetries, longTransactionTimeout);
    }

    private static Duration atLeast(Duration d, Duration min) {
        return min != null && d.compareTo(min) < 0 ? min : d;
    }

    /** The window as a count: {@code maxWireSmps}, or {@link Integer#MAX_VALUE} for 0 (no limit). */
    int windowLimit() {
        return maxWireSmps == 0 ? Integer.MAX_VALUE : maxWireSmps;
    }

    /** Whether the window widens after {@code maxSmpsTimeout}: a limited window and a larger second limit. */
    boolean widens() {
        return maxWireSmps != 0 && maxWireSmps2 > maxWireSmps;
    }
}
