package dev.jsm.daemon.sweep;

import dev.jsm.mad.txn.TransactionOutcome;

/**
 * Reading a request's {@link TransactionOutcome}: the answer's bytes when it succeeded, or one phrase saying why it
 * did not, for log lines.
 *
 * <p>Stateless; thread-safe.
 */
public final class Replies {

    private Replies() {
    }

    /** The response MAD if the request was answered with status 0, else {@code null}. */
    public static byte[] okMad(TransactionOutcome outcome) {
        return outcome instanceof TransactionOutcome.Response r && r.isOk() ? r.mad() : null;
    }

    /** The response MAD if the request was answered, whatever its status, else {@code null}. */
    public static byte[] answeredMad(TransactionOutcome outcome) {
        return outcome instanceof TransactionOutcome.Response r ? r.mad() : null;
    }

    /** Whether {@code MadTransactions.close()} ended the request (shutdown): not worth a log line. */
    public static boolean isClosed(TransactionOutcome outcome) {
        return outcome instanceof TransactionOutcome.Closed;
    }

    /** Why a request failed: {@code "no answer after 4 tries"}, {@code "status InvalidField"}, ... */
    public static String failure(TransactionOutcome outcome) {
        if (outcome instanceof TransactionOutcome.Response r) {
            return "status " + r.status();
        }
        if (outcome instanceof TransactionOutcome.TimedOut t) {
            return "no answer after " + t.attempts() + " tries";
        }
        if (outcome instanceof TransactionOutcome.SendFailed f) {
            return "not delivered (" + f.reason() + ")";
        }
        return "cancelled at shutdown";
    }
}
