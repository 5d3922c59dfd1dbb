package dev.jsm.sa.rmpp;

/**
 * Identifies one RMPP transfer: the peer (LID and queue pair) and the transaction ID, as IBA 13.6.2 pairs
 * segments and ACKs.
 *
 * <p>Immutable; safe to share.
 *
 * @param lid the peer's LID
 * @param qpn the peer's queue pair
 * @param transactionId the transaction ID of the message
 */
public record RmppKey(int lid, int qpn, long transactionId) {
}
