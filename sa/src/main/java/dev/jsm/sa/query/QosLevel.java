package dev.jsm.sa.query;

/**
 * What a matched QoS level (OpenSM {@code qos-level} of the advanced QoS policy, or a simple {@code qos-ulps} rule)
 * imposes on a PathRecord: an SL, MTU and rate limits, a P_Key and a packet lifetime, each optional.
 *
 * <p>Immutable; safe to share.
 *
 * @param name the level's name (for logs)
 * @param sl the SL to use, or {@link #UNSET}
 * @param mtuLimit highest MTU code (1 256 .. 5 4096), or {@link #UNSET}
 * @param rateLimit highest rate code (docs/reference/mad-formats.md#rates), or {@link #UNSET}
 * @param pKey the P_Key the path must use (low 15 bits compared), or {@link #UNSET}
 * @param packetLifeTime the PacketLifeTime to return, or {@link #UNSET}
 */
public record QosLevel(String name, int sl, int mtuLimit, int rateLimit, int pKey, int packetLifeTime) {

    /** Value of a field the level does not set. */
    public static final int UNSET = -1;
    /** No QoS constraint at all (QoS disabled, or no rule matched and no DEFAULT level). */
    public static final QosLevel NONE = new QosLevel("none", UNSET, UNSET, UNSET, UNSET, UNSET);
}
