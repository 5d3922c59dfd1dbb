package dev.jsm.sa.query;

import dev.jsm.mad.smp.SmInfo;

/**
 * The SM the SA belongs to, as SMInfoRecord reports it.
 *
 * <p>Immutable; safe to share.
 *
 * @param lid the SM port's LID
 * @param smInfo the SM's SMInfo (GUID, SM_Key, ActCount, priority, state)
 */
public record SmIdentity(int lid, SmInfo smInfo) {

    /** No SM known yet (before the first sweep). */
    public static final SmIdentity NONE = new SmIdentity(0, new SmInfo(0, 0, 0, 0, SmInfo.STATE_NOT_ACTIVE));
}
