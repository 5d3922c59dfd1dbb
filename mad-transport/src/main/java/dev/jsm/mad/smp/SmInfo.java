package dev.jsm.mad.smp;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;

/**
 * SMInfo (attribute 0x0020, 21 bytes; IBA 14.2.5.13): what a subnet manager says about itself, exchanged between
 * SMs to elect the master (higher priority wins, then the lower port GUID) and to poll it.
 *
 * <p>A Get reads it; a Set carries a control command in the attribute modifier ({@link #AM_HANDOVER} ..
 * {@link #AM_DISCOVER}), legal only from a MASTER sender (ACKNOWLEDGE from a STANDBY one).
 *
 * <p>Immutable; safe to share.
 *
 * @param guid port GUID of the SM
 * @param smKey SM_Key (0 when the requester may not see it)
 * @param actCount activity counter, incremented as the SM works (unsigned 32 bits)
 * @param priority SM priority, 0..15
 * @param smState {@link #STATE_NOT_ACTIVE} .. {@link #STATE_MASTER}
 */
public record SmInfo(long guid, long smKey, long actCount, int priority, int smState) {

    /** SMState 0: not active. */
    public static final int STATE_NOT_ACTIVE = 0;
    /** SMState 1: discovering. */
    public static final int STATE_DISCOVERING = 1;
    /** SMState 2: standby. */
    public static final int STATE_STANDBY = 2;
    /** SMState 3: master. */
    public static final int STATE_MASTER = 3;

    /** Set modifier 1: the master hands mastership over to the receiver. */
    public static final long AM_HANDOVER = 1;
    /** Set modifier 2: the receiver acknowledges a handover. */
    public static final long AM_ACKNOWLEDGE = 2;
    /** Set modifier 3: the receiver goes NOTACTIVE. */
    public static final long AM_DISABLE = 3;
    /** Set modifier 4: the receiver goes STANDBY. */
    public static final long AM_STANDBY = 4;
    /** Set modifier 5: the receiver goes DISCOVERING. */
    public static final long AM_DISCOVER = 5;

    public static final Field GUID = Field.u64("GUID", 0);
    public static final Field SM_KEY = Field.u64("SM_Key", 8);
    public static final Field ACT_COUNT = Field.u32("ActCount", 16);
    public static final Field PRIORITY = Field.bits("Priority", 20, 7, 4);
    public static final Field SM_STATE = Field.bits("SMState", 20, 3, 0);

    public static final Layout LAYOUT = Layout.of("SMInfo", 21, GUID, SM_KEY, ACT_COUNT, PRIORITY, SM_STATE);

    /** Decodes SMInfo at {@code off} (normally {@code Smp.DATA_OFFSET}). */
    public static SmInfo decode(byte[] b, int off) {
        return new SmInfo(GUID.getLong(b, off), SM_KEY.getLong(b, off), ACT_COUNT.getLong(b, off),
                PRIORITY.getInt(b, off), SM_STATE.getInt(b, off));
    }

    /** Encodes the 21 bytes at {@code off}. */
    public void encodeTo(byte[] b, int off) {
        GUID.put(b, off, guid);
        SM_KEY.put(b, off, smKey);
        ACT_COUNT.put(b, off, actCount);
        PRIORITY.put(b, off, priority);
        SM_STATE.put(b, off, smState);
    }

    @Override
    public String toString() {
        return String.format("SmInfo[guid=0x%016x, smKey=0x%016x, actCount=%d, priority=%d, smState=%d]", guid,
                smKey, actCount, priority, smState);
    }
}
