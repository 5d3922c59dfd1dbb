package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.codec.MadStatus;

/**
 * How a request sent with {@link MadTransactions#send} ended; exactly one outcome per request reaches its
 * {@link ResponseHandler}. In Java 17 handlers tell the four cases apart with {@code instanceof}:
 * <pre>{@code
 * if (outcome instanceof TransactionOutcome.Response r && r.isOk()) {
 *     ...                                        // r.mad() holds the attribute
 * } else if (outcome instanceof TransactionOutcome.TimedOut t) {
 *     ...                                        // no answer after transaction_retries re-sends
 * }                                              // also SendFailed (transport) and Closed (shut down)
 * }</pre>
 *
 * <p>Immutable apart from the MAD arrays, which belong to the handler; safe to hand between threads.
 */
public sealed interface TransactionOutcome {

    /**
     * The matching response arrived.
     *
     * @param request the request
     * @param from the responder's address ({@link MadAddress#directedRoute()} for directed-route SMPs)
     * @param mad the response bytes, owned by the handler
     * @param length number of valid bytes
     * @param status the response's status; without the D bit for directed-route SMPs
     * @param attempts transmissions it took, 1 when the first one was answered
     */
    record Response(OutboundMad request, MadAddress from, byte[] mad, int length, MadStatus status, int attempts)
            implements TransactionOutcome {

        /** Whether the responder reported success (status 0). */
        public boolean isOk() {
            return status.isOk();
        }

        /** For logs: the request, the responder and the status, not the bytes. */
        @Override
        public String toString() {
            return "Response to " + request + " from " + from + ": " + status + " after " + attempts + " attempt(s)";
        }
    }

    /**
     * No response to any of {@code attempts} transmissions within {@code transaction_timeout} each (OpenSM: "Timeout
     * while getting attribute"). A response arriving later is counted as unmatched and dropped.
     *
     * @param request the request
     * @param attempts transmissions made: {@code transaction_retries + 1}
     */
    record TimedOut(OutboundMad request, int attempts) implements TransactionOutcome {
    }

    /**
     * The transport failed the request: {@code MadChannel.send} threw ({@code status} 0), or the channel handed the
     * MAD back undelivered with an errno ({@code MadReceiver.onSendFailed}; 110 when ibsim or the simulator cannot
     * route a directed-route SMP). Not retried: the route or the port is broken, not the MAD lost.
     *
     * @param request the request
     * @param status the transport's errno, or 0 when the send call threw
     * @param reason the exception's message or a description of the status
     * @param attempts transmissions made before the failure
     */
    record SendFailed(OutboundMad request, int status, String reason, int attempts) implements TransactionOutcome {
    }

    /**
     * {@link MadTransactions#close()} ended the request before it completed, or it was sent after the close.
     *
     * @param request the request
     */
    record Closed(OutboundMad request) implements TransactionOutcome {
    }
}
