package dev.jsm.partitions;

/**
 * The membership a port specifier asks for: limited (P_Key membership bit 0), full (bit 0x8000) or both (both keys
 * when {@code allow_both_pkeys} is on, full otherwise).
 */
public enum Membership {
    /** Limited member: may talk to full members only. */
    LIMITED,
    /** Full member: may talk to every member. */
    FULL,
    /** Full and limited (two P_Keys) with {@code allow_both_pkeys}; full without it. */
    BOTH;

    /**
     * The membership a word names, matched the OpenSM way: the word may be any prefix of {@code full}, {@code both}
     * or {@code limited}, tried in that order.
     *
     * @return the membership, or {@code null} if the word is empty or no prefix matches
     */
    static Membership ofPrefix(String word) {
        if (word.isEmpty()) {
            return null;
        }
        if ("full".startsWith(word)) {
            return FULL;
        }
        if ("both".startsWith(word)) {
            return BOTH;
        }
        if ("limited".startsWith(word)) {
            return LIMITED;
        }
        return null;
    }
}
