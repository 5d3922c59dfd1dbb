package dev.jsm.mad.codec;

/**
 * The common MAD header, the first 24 bytes of every MAD (IBA 13.4.3).
 *
 * <p>{@code method} keeps the response bit; {@code status} is the full 16-bit field (for directed-route SMPs bit 15
 * is the D bit and bits 7:0 of {@code classSpecific} the hop count, see {@link Smp}).
 *
 * @param baseVersion always 1
 * @param mgmtClass management class
 * @param classVersion class version (1 for SMPs, 2 for SA)
 * @param method method byte including the response bit
 * @param status status field
 * @param classSpecific class-specific field (DR SMP: hop pointer, hop count)
 * @param transactionId 64-bit transaction ID
 * @param attributeId attribute ID
 * @param attributeModifier attribute modifier (unsigned 32 bits)
 */
public record MadHeader(int baseVersion, int mgmtClass, int classVersion, int method, int status, int classSpecific,
                        long transactionId, int attributeId, long attributeModifier) {

    /** Size of the common header in bytes. */
    public static final int SIZE = 24;
    /** Size of every MAD in bytes. */
    public static final int MAD_SIZE = 256;

    public static final Field BASE_VERSION = Field.u8("BaseVersion", 0);
    public static final Field MGMT_CLASS = Field.u8("MgmtClass", 1);
    public static final Field CLASS_VERSION = Field.u8("ClassVersion", 2);
    public static final Field METHOD = Field.u8("Method", 3);
    public static final Field STATUS = Field.u16("Status", 4);
    public static final Field CLASS_SPECIFIC = Field.u16("ClassSpecific", 6);
    public static final Field TRANSACTION_ID = Field.u64("TransactionID", 8);
    public static final Field ATTRIBUTE_ID = Field.u16("AttributeID", 16);
    public static final Field ATTRIBUTE_MODIFIER = Field.u32("AttributeModifier", 20);

    public static final Layout LAYOUT = Layout.of("MAD header", SIZE, BASE_VERSION, MGMT_CLASS, CLASS_VERSION,
            METHOD, STATUS, CLASS_SPECIFIC, TRANSACTION_ID, ATTRIBUTE_ID, Field.reservedBytes(18, 2),
            ATTRIBUTE_MODIFIER);

    /** Decodes the header at the start of {@code mad}. */
    public static MadHeader decode(byte[] mad) {
        return new MadHeader(BASE_VERSION.getInt(mad, 0), MGMT_CLASS.getInt(mad, 0), CLASS_VERSION.getInt(mad, 0),
                METHOD.getInt(mad, 0), STATUS.getInt(mad, 0), CLASS_SPECIFIC.getInt(mad, 0),
                TRANSACTION_ID.getLong(mad, 0), ATTRIBUTE_ID.getInt(mad, 0), ATTRIBUTE_MODIFIER.getLong(mad, 0));
    }

    /** Writes the header to the start of {@code mad}; the reserved bytes are zeroed. */
    public void encodeTo(byte[] mad) {
        BASE_VERSION.put(mad, 0, baseVersion);
        MGMT_CLASS.put(mad, 0, mgmtClass);
        CLASS_VERSION.put(mad, 0, classVersion);
        METHOD.put(mad, 0, method);
        STATUS.put(mad, 0, status);
        CLASS_SPECIFIC.put(mad, 0, classSpecific);
        TRANSACTION_ID.put(mad, 0, transactionId);
        ATTRIBUTE_ID.put(mad, 0, attributeId);
        mad[18] = 0;
        mad[19] = 0;
        ATTRIBUTE_MODIFIER.put(mad, 0, attributeModifier);
    }

    /** The management class as an open enum. */
    public MgmtClass mgmtClassCode() {
        return MgmtClass.valueOf(mgmtClass);
    }

    /** The method as an open enum (response bit included). */
    public Method methodCode() {
        return Method.valueOf(method);
    }

    /** The attribute ID as an open enum. */
    public AttributeId attribute() {
        return AttributeId.valueOf(attributeId);
    }
}
