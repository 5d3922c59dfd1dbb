/**
 * The route verifier: checks any engine's LFTs for delivery (with the reason and place of each failure), path
 * length against the shortest, link load under all-to-all CA traffic, and credit loops in the channel dependency
 * graph per VL.
 *
 * <p>{@link dev.jsm.routing.verify.RouteVerifier} returns an immutable
 * {@link dev.jsm.routing.verify.VerifierReport} with complete counts, the first offending pairs, and a
 * {@code format()} for logs.
 */
package dev.jsm.routing.verify;
