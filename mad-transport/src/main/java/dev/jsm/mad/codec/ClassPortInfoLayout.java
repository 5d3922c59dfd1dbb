package dev.jsm.mad.codec;

/**
 * The fields of ClassPortInfo (attribute 0x0001, 72 bytes; IBA 13.4.8.1), the attribute every management class
 * answers: the class agent's capabilities and response time, where to redirect its requests, where it sends traps.
 * The SA's record ({@code dev.jsm.sa.codec.ClassPortInfo}) and the performance manager read and write it through
 * these fields; the capability bits are each class's own.
 *
 * <p>Immutable; safe to share.
 */
public final class ClassPortInfoLayout {

    /** Attribute size in bytes. */
    public static final int SIZE = 72;

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

    private ClassPortInfoLayout() {
    }
}
