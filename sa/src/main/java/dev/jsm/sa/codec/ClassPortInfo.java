package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * ClassPortInfo (attribute 0x0001, 72 bytes; IBA 13.4.8.1): what the SA class agent supports (capability masks,
 * response time) and where to redirect requests and send traps (OpenSM: no redirection, all zero).
 *
 * <p>Immutable; safe to share.
 *
 * @param baseVersion BaseVersion (1)
 * @param classVersion ClassVersion (2 for the SA)
 * @param capabilityMask CapabilityMask ({@link #CAP_IS_GET_SET_NOTICE} ..)
 * @param capabilityMask2 CapabilityMask2 (27 bits)
 * @param respTimeValue RespTimeValue (5 bits; 4.096 us * 2^n)
 * @param redirectGid RedirectGID
 * @param redirectTc RedirectTC
 * @param redirectSl RedirectSL
 * @param redirectFl RedirectFL (20 bits)
 * @param redirectLid RedirectLID
 * @param redirectPKey RedirectP_Key
 * @param redirectQp RedirectQP (24 bits)
 * @param redirectQKey RedirectQ_Key (unsigned 32 bits)
 * @param trapGid TrapGID
 * @param trapTc TrapTC
 * @param trapSl TrapSL
 * @param trapFl TrapFL (20 bits)
 * @param trapLid TrapLID
 * @param trapPKey TrapP_Key
 * @param trapHl TrapHL
 * @param trapQp TrapQP (24 bits)
 * @param trapQKey TrapQ_Key (unsigned 32 bits)
 */
public record ClassPortInfo(int baseVersion, int classVersion, int capabilityMask, int capabilityMask2,
                            int respTimeValue, Gid redirectGid, int redirectTc, int redirectSl, int redirectFl,
                            int redirectLid, int redirectPKey, int redirectQp, long redirectQKey, Gid trapGid,
                            int trapTc, int trapSl, int trapFl, int trapLid, int trapPKey, int trapHl, int trapQp,
                            long trapQKey) {

    /** Attribute size in bytes. */
    public static final int SIZE = 72;
    /** CapabilityMask bit 1: IsGetSetNoticeSupported (OpenSM: always). */
    public static final int CAP_IS_GET_SET_NOTICE = 1 << 1;
    /** CapabilityMask bit 9: IsUDMulticastSupported. */
    public static final int CAP_IS_UD_MULTICAST = 1 << 9;
    /** CapabilityMask bit 10: IsMultiPathSupported. */
    public static final int CAP_IS_MULTI_PATH = 1 << 10;
    /** CapabilityMask bit 13: IsPortInfoCapMaskMatchSupported. */
    public static final int CAP_IS_PORT_INFO_CAP_MASK_MATCH = 1 << 13;

    public static final Field BASE_VERSION = Field.u8("BaseVersion", 0);
    public static final Field CLASS_VERSION = Field.u8("ClassVersion", 1);
    public static final Field CAPABILITY_MASK = Field.u16("CapabilityMask", 2);
    public static final Field CAPABILITY_MASK2 = Field.bits("CapabilityMask2", 4 * 8, 27);
    public static final Field RESP_TIME_VALUE = Field.bits("RespTimeValue", 7, 4, 0);
    public static final Field REDIRECT_GID = Field.bytes("RedirectGID", 8, 16);
    public static final Field REDIRECT_TC = Field.u8("RedirectTC", 24);
    public static final Field REDIRECT_SL = Field.bits("RedirectSL", 25, 7, 4);
    public static final Field REDIRECT_FL = Field.bits("RedirectFL", 25 * 8 + 4, 20);
    public static final Field REDIRECT_LID = Field.u16("RedirectLID", 28);
    public static final Field REDIRECT_P_KEY = Field.u16("RedirectP_Key", 30);
    public static final Field REDIRECT_QP = Field.bits("RedirectQP", 33 * 8, 24);
    public static final Field REDIRECT_Q_KEY = Field.u32("RedirectQ_Key", 36);
    public static final Field TRAP_GID = Field.bytes("TrapGID", 40, 16);
    public static final Field TRAP_TC = Field.u8("TrapTC", 56);
    public static final Field TRAP_SL = Field.bits("TrapSL", 57, 7, 4);
    public static final Field TRAP_FL = Field.bits("TrapFL", 57 * 8 + 4, 20);
    public static final Field TRAP_LID = Field.u16("TrapLID", 60);
    public static final Field TRAP_P_KEY = Field.u16("TrapP_Key", 62);
    public static final Field TRAP_HL = Field.u8("TrapHL", 64);
    public static final Field TRAP_QP = Field.bits("TrapQP", 65 * 8, 24);
    public static final Field TRAP_Q_KEY = Field.u32("TrapQ_Key", 68);

    public static final Layout LAYOUT = Layout.of("ClassPortInfo", SIZE, BASE_VERSION, CLASS_VERSION,
            CAPABILITY_MASK, CAPABILITY_MASK2, RESP_TIME_VALUE, REDIRECT_GID, REDIRECT_TC, REDIRECT_SL, REDIRECT_FL,
            REDIRECT_LID, REDIRECT_P_KEY, Field.reservedBytes(32, 1), REDIRECT_QP, REDIRECT_Q_KEY, TRAP_GID, TRAP_TC,
            TRAP_SL, TRAP_FL, TRAP_LID, TRAP_P_KEY, TRAP_HL, TRAP_QP, TRAP_Q_KEY);

    /** Decodes the attribute at {@code off}. */
    public static ClassPortInfo decode(byte[] b, int off) {
        return new ClassPortInfo(BASE_VERSION.getInt(b, off), CLASS_VERSION.getInt(b, off),
                CAPABILITY_MASK.getInt(b, off), CAPABILITY_MASK2.getInt(b, off), RESP_TIME_VALUE.getInt(b, off),
                Gid.read(REDIRECT_GID, b, off), REDIRECT_TC.getInt(b, off), REDIRECT_SL.getInt(b, off),
                REDIRECT_FL.getInt(b, off), REDIRECT_LID.getInt(b, off), REDIRECT_P_KEY.getInt(b, off),
                REDIRECT_QP.getInt(b, off), REDIRECT_Q_KEY.getLong(b, off), Gid.read(TRAP_GID, b, off),
                TRAP_TC.getInt(b, off), TRAP_SL.getInt(b, off), TRAP_FL.getInt(b, off), TRAP_LID.getInt(b, off),
                TRAP_P_KEY.getInt(b, off), TRAP_HL.getInt(b, off), TRAP_QP.getInt(b, off),
                TRAP_Q_KEY.getLong(b, off));
    }

    /** Encodes the attribute at {@code off}, the reserved byte zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        BASE_VERSION.put(b, off, baseVersion);
        CLASS_VERSION.put(b, off, classVersion);
        CAPABILITY_MASK.put(b, off, capabilityMask);
        CAPABILITY_MASK2.put(b, off, capabilityMask2);
        RESP_TIME_VALUE.put(b, off, respTimeValue);
        redirectGid.write(REDIRECT_GID, b, off);
        REDIRECT_TC.put(b, off, redirectTc);
        REDIRECT_SL.put(b, off, redirectSl);
        REDIRECT_FL.put(b, off, redirectFl);
        REDIRECT_LID.put(b, off, redirectLid);
        REDIRECT_P_KEY.put(b, off, redirectPKey);
        REDIRECT_QP.put(b, off, redirectQp);
        REDIRECT_Q_KEY.put(b, off, redirectQKey);
        trapGid.write(TRAP_GID, b, off);
        TRAP_TC.put(b, off, trapTc);
        TRAP_SL.put(b, off, trapSl);
        TRAP_FL.put(b, off, trapFl);
        TRAP_LID.put(b, off, trapLid);
        TRAP_P_KEY.put(b, off, trapPKey);
        TRAP_HL.put(b, off, trapHl);
        TRAP_QP.put(b, off, trapQp);
        TRAP_Q_KEY.put(b, off, trapQKey);
    }
}
