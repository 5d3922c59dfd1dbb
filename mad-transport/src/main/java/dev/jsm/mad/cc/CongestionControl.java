package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.MgmtClass;

/**
 * The congestion control class (0x21, class version 2; {@code docs/congestion-control.md#the-mad}): its attribute
 * IDs and its MAD layout - the common header, the 8-byte CC_Key at byte 24, 32 bytes of log data at byte 32, then
 * 192 bytes of attribute data at byte 64. CongestionLog alone starts in the log data area and runs to the end of the
 * MAD (224 bytes). The Congestion Control Manager Agent of a switch answers on QP1 at port 0's LID, a CA's at each
 * port's LID. The attribute IDs are the class's own: 0x0016 is P_KeyTable in the SMP class.
 *
 * <p>Immutable; safe to share.
 */
public final class CongestionControl {

    /** Class version of congestion control MADs. */
    public static final int CLASS_VERSION = 2;
    /** The CC_Key a request presents and a response echoes, at byte 24 of the MAD. */
    public static final Field CC_KEY = Field.u64("CC_Key", 24);
    /** Offset of the log data area (where CongestionLog starts). */
    public static final int LOG_DATA_OFFSET = 32;
    /** Size of CongestionLog's area: log data and attribute data together. */
    public static final int LOG_DATA_SIZE = 224;
    /** Offset of the attribute data of every attribute but CongestionLog. */
    public static final int DATA_OFFSET = 64;
    /** Size of the attribute data area. */
    public static final int DATA_SIZE = 192;

    /** ClassPortInfo (Get). */
    public static final int CLASS_PORT_INFO = 0x0001;
    /** Notice (Trap; CC_Key violations, congestion log events). */
    public static final int NOTICE = 0x0002;
    /** CongestionInfo (Get). */
    public static final int CONGESTION_INFO = 0x0011;
    /** CongestionKeyInfo (Get, Set). */
    public static final int CONGESTION_KEY_INFO = 0x0012;
    /** CongestionLog (Get). */
    public static final int CONGESTION_LOG = 0x0013;
    /** SwitchCongestionSetting (Get, Set; switches). */
    public static final int SWITCH_CONGESTION_SETTING = 0x0014;
    /** SwitchPortCongestionSetting (Get, Set; switches; modifier: block of 32 ports). */
    public static final int SWITCH_PORT_CONGESTION_SETTING = 0x0015;
    /** CACongestionSetting (Get, Set; CAs). */
    public static final int CA_CONGESTION_SETTING = 0x0016;
    /** CongestionControlTable (Get, Set; CAs; modifier: block of 64 entries). */
    public static final int CONGESTION_CONTROL_TABLE = 0x0017;
    /** TimeStamp (Get). */
    public static final int TIME_STAMP = 0x0018;

    /** TimeStamp's only field: a free-running clock in units of 1.024 microseconds. */
    public static final Field TIME_STAMP_VALUE = Field.u32("TimeStamp", 0);
    /** The TimeStamp attribute (4 bytes). */
    public static final Layout TIME_STAMP_LAYOUT = Layout.of("TimeStamp", 4, TIME_STAMP_VALUE);

    private CongestionControl() {
    }

    /**
     * A congestion control request MAD: header (base version 1, class 0x21, version 2, {@code method},
     * {@code attributeId}, {@code modifier}, TransactionID {@code tid}) and {@code ccKey}; the log data and the
     * attribute data are zero, for the caller to fill at {@link #dataOffset}.
     */
    public static byte[] request(int method, int attributeId, long modifier, long tid, long ccKey) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.CC.value(), CLASS_VERSION, method, 0, 0, tid, attributeId, modifier)
                .encodeTo(mad);
        CC_KEY.put(mad, 0, ccKey);
        return mad;
    }

    /** Where {@code attributeId}'s data starts in the MAD: {@link #LOG_DATA_OFFSET} for CongestionLog. */
    public static int dataOffset(int attributeId) {
        return attributeId == CONGESTION_LOG ? LOG_DATA_OFFSET : DATA_OFFSET;
    }
}
