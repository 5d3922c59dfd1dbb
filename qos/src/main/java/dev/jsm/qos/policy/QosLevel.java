package dev.jsm.qos.policy;

/**
 * A {@code qos-level}: the SL a matched PathRecord/MultiPathRecord gets, and the optional limits the path search
 * must respect.
 *
 * <p>Immutable; safe to share.
 *
 * @param name the level's name ({@code DEFAULT} is the level of queries no rule matches)
 * @param use the description, "" if none
 * @param sl service level 0..15
 * @param mtuLimit MTU code 1 (256) .. 5 (4096), or {@link #NONE}
 * @param rateLimit PathRecord rate code 2 (2.5 Gb/s) .. 24 (1200 Gb/s), or {@link #NONE}
 * @param packetLife PacketLifeTime 0..63, or {@link #NONE}
 * @param pkeys P_Keys the path must use (15-bit base values), empty if not restricted
 * @param pathBits LID path bits ({@code path-bits}), empty if not restricted
 */
public record QosLevel(String name, String use, int sl, int mtuLimit, int rateLimit, int packetLife,
                       NumberRanges pkeys, NumberRanges pathBits) {

    /** Value of an optional limit that is not set. */
    public static final int NONE = -1;

    /** Prefix of the levels the simple {@code qos-ulps} rules use, one per SL (OpenSM's names). */
    static final String SIMPLE_PREFIX = "SimpleQoSLevel_SL";

    /** The level of a simple {@code qos-ulps} rule: only an SL. */
    static QosLevel simple(String name, int sl) {
        return new QosLevel(name, "", sl, NONE, NONE, NONE, NumberRanges.EMPTY, NumberRanges.EMPTY);
    }
}
