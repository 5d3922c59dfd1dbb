package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * CACongestionSetting (attribute 0x0016, Get and Set on a CA port, 132 bytes;
 * {@code docs/congestion-control.md#cacongestionsetting}): how the port reacts to BECNs, per SL. Port_Control bit 0
 * chooses congestion control per QP (0) or per SL and port (1); Control_Map has one bit per SL (bit n, SL n) naming
 * the entries a Set applies; each of the 16 entries gives the SL's CCTI_Timer, CCTI_Increase, Trigger_Threshold and
 * CCTI_Min.
 *
 * <p>Immutable; safe to share.
 *
 * @param portControl Port_Control, 16 bits
 * @param controlMap Control_Map, 16 bits
 * @param entries the 16 per-SL entries, SL 0 first
 */
public record CaCongestionSetting(int portControl, int controlMap, List<Entry> entries) {

    /** Attribute size in bytes. */
    public static final int SIZE = 132;
    /** Entries: one per SL. */
    public static final int SLS = 16;
    /** Bytes per entry. */
    public static final int ENTRY_SIZE = 8;
    /** Offset of entry 0. */
    public static final int ENTRIES_OFFSET = 4;

    public static final Field PORT_CONTROL = Field.u16("Port_Control", 0);
    public static final Field CONTROL_MAP = Field.u16("Control_Map", 2);
    public static final Field CCTI_TIMER = Field.u16("CCTI_Timer", 0);
    public static final Field CCTI_INCREASE = Field.u8("CCTI_Increase", 2);
    public static final Field TRIGGER_THRESHOLD = Field.u8("Trigger_Threshold", 3);
    public static final Field CCTI_MIN = Field.u8("CCTI_Min", 4);
    /** The attribute's head; the 16 entries follow at {@link #ENTRIES_OFFSET}, {@link #ENTRY_LAYOUT} each. */
    public static final Layout HEAD_LAYOUT = Layout.of("CACongestionSetting", ENTRIES_OFFSET, PORT_CONTROL,
            CONTROL_MAP);
    /** One entry (CACongestionEntry). */
    public static final Layout ENTRY_LAYOUT = Layout.of("CACongestionEntry", ENTRY_SIZE, CCTI_TIMER, CCTI_INCREASE,
            TRIGGER_THRESHOLD, CCTI_MIN, Field.reservedBytes(5, 3));

    /**
     * @throws IllegalArgumentException unless the fields are in range and there are 16 entries
     */
    public CaCongestionSetting {
        CcFields.check("Port_Control", portControl, 0xFFFF);
        CcFields.check("Control_Map", controlMap, 0xFFFF);
        if (entries.size() != SLS) {
            throw new IllegalArgumentException("CACongestionSetting needs " + SLS + " entries, not "
                    + entries.size());
        }
        entries = List.copyOf(entries);
    }

    /** Every field zero: the setting of a port nobody configured. */
    public static CaCongestionSetting zero() {
        return new CaCongestionSetting(0, 0, Collections.nCopies(SLS, Entry.ZERO));
    }

    /** Decodes the attribute at {@code off}. */
    public static CaCongestionSetting decode(byte[] b, int off) {
        List<Entry> list = new ArrayList<>(SLS);
        for (int sl = 0; sl < SLS; sl++) {
            list.add(Entry.decode(b, off + ENTRIES_OFFSET + sl * ENTRY_SIZE));
        }
        return new CaCongestionSetting(PORT_CONTROL.getInt(b, off), CONTROL_MAP.getInt(b, off), list);
    }

    /** Encodes the attribute at {@code off}, the reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        PORT_CONTROL.put(b, off, portControl);
        CONTROL_MAP.put(b, off, controlMap);
        for (int sl = 0; sl < SLS; sl++) {
            entries.get(sl).encodeTo(b, off + ENTRIES_OFFSET + sl * ENTRY_SIZE);
        }
    }

    /**
     * One SL's entry (CACongestionEntry, 8 bytes).
     *
     * @param cctiTimer CCTI_Timer, 16 bits: at each expiry the CCTI drops by one
     * @param cctiIncrease CCTI_Increase, 8 bits: added to the CCTI at each BECN
     * @param triggerThreshold Trigger_Threshold, 8 bits: the CCTI at which the CA logs an event
     * @param cctiMin CCTI_Min, 8 bits: the lowest CCTI
     */
    public record Entry(int cctiTimer, int cctiIncrease, int triggerThreshold, int cctiMin) {

        /** An entry that is all zero. */
        public static final Entry ZERO = new Entry(0, 0, 0, 0);

        /**
         * @throws IllegalArgumentException if a field is out of its range
         */
        public Entry {
            CcFields.check("CCTI_Timer", cctiTimer, 0xFFFF);
            CcFields.check("CCTI_Increase", cctiIncrease, 0xFF);
            CcFields.check("Trigger_Threshold", triggerThreshold, 0xFF);
            CcFields.check("CCTI_Min", cctiMin, 0xFF);
        }

        /** Decodes an entry at {@code off}. */
        public static Entry decode(byte[] b, int off) {
            return new Entry(CCTI_TIMER.getInt(b, off), CCTI_INCREASE.getInt(b, off),
                    TRIGGER_THRESHOLD.getInt(b, off), CCTI_MIN.getInt(b, off));
        }

        /** Encodes the entry at {@code off}, the reserved bytes zeroed. */
        public void encodeTo(byte[] b, int off) {
            CCTI_TIMER.put(b, off, cctiTimer);
            CCTI_INCREASE.put(b, off, cctiIncrease);
            TRIGGER_THRESHOLD.put(b, off, triggerThreshold);
            CCTI_MIN.put(b, off, cctiMin);
            b[off + 5] = 0;
            b[off + 6] = 0;
            b[off + 7] = 0;
        }
    }
}
