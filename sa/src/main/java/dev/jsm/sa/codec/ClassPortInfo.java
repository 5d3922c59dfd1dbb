package dev.jsm.sa.codec;

import dev.jsm.mad.codec.ClassPortInfoLayout;
import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.Arrays;

/**
 * ClassPortInfo (attribute 0x0001, 72 bytes; IBA 13.4.8.1): what the SA class agent supports (capability masks,
 * response time) and where to redirect requests and send traps (OpenSM: no redirection, all zero). The fields are
 * every class's ({@link ClassPortInfoLayout}).
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
    public static final int SIZE = ClassPortInfoLayout.SIZE;
    /** CapabilityMask bit 1: IsGetSetNoticeSupported (OpenSM: always). */
    public static final int CAP_IS_GET_SET_NOTICE = 1 << 1;
    /** CapabilityMask bit 9: IsUDMulticastSupported. */
    public static final int CAP_IS_UD_MULTICAST = 1 << 9;
    /** CapabilityMask bit 10: IsMultiPathSupported. */
    public static final int CAP_IS_MULTI_PATH = 1 << 10;
    /** CapabilityMask bit 13: IsPortInfoCapMaskMatchSupported. */
    public static final int CAP_IS_PORT_INFO_CAP_MASK_MATCH = 1 << 13;

    public static final Field BASE_VERSION = ClassPortInfoLayout.BASE_VERSION;
    public static final Field CLASS_VERSION = ClassPortInfoLayout.CLASS_VERSION;
    public static final Field CAPABILITY_MASK = ClassPortInfoLayout.CAPABILITY_MASK;
    public static final Field CAPABILITY_MASK2 = ClassPortInfoLayout.CAPABILITY_MASK2;
    public static final Field RESP_TIME_VALUE = ClassPortInfoLayout.RESP_TIME_VALUE;
    public static final Field REDIRECT_GID = ClassPortInfoLayout.REDIRECT_GID;
    public static final Field REDIRECT_TC = ClassPortInfoLayout.REDIRECT_TC;
    public static final Field REDIRECT_SL = ClassPortInfoLayout.REDIRECT_SL;
    public static final Field REDIRECT_FL = ClassPortInfoLayout.REDIRECT_FL;
    public static final Field REDIRECT_LID = ClassPortInfoLayout.REDIRECT_LID;
    public static final Field REDIRECT_P_KEY = ClassPortInfoLayout.REDIRECT_P_KEY;
    public static final Field REDIRECT_QP = ClassPortInfoLayout.REDIRECT_QP;
    public static final Field REDIRECT_Q_KEY = ClassPortInfoLayout.REDIRECT_Q_KEY;
    public static final Field TRAP_GID = ClassPortInfoLayout.TRAP_GID;
    public static final Field TRAP_TC = ClassPortInfoLayout.TRAP_TC;
    public static final Field TRAP_SL = ClassPortInfoLayout.TRAP_SL;
    public static final Field TRAP_FL = ClassPortInfoLayout.TRAP_FL;
    public static final Field TRAP_LID = ClassPortInfoLayout.TRAP_LID;
    public static final Field TRAP_P_KEY = ClassPortInfoLayout.TRAP_P_KEY;
    public static final Field TRAP_HL = ClassPortInfoLayout.TRAP_HL;
    public static final Field TRAP_QP = ClassPortInfoLayout.TRAP_QP;
    public static final Field TRAP_Q_KEY = ClassPortInfoLayout.TRAP_Q_KEY;

    public static final Layout LAYOUT = ClassPortInfoLayout.LAYOUT;

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
