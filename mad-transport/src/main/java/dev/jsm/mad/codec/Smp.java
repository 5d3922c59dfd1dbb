package dev.jsm.mad.codec;

/**
 * Subnet management packets, LID-routed (class 0x01) and directed-route (class 0x81): 256-byte MADs with a 64-byte
 * attribute payload (IBA 14.2.1). Static accessors work on raw buffers so the hot paths allocate nothing.
 *
 * <p>Directed-route specifics (IBA 14.2.2): the high bit of the status field is the D (direction) bit, byte 6 is the
 * hop pointer and byte 7 the hop count, DrSLID/DrDLID sit at bytes 32/34 and the 64-byte InitialPath and ReturnPath
 * arrays at bytes 128 and 192.
 */
public final class Smp {

    /** Offset of the 64-byte attribute payload. */
    public static final int DATA_OFFSET = 64;
    /** Size of the attribute payload. */
    public static final int DATA_SIZE = 64;
    /** Offset of InitialPath in a directed-route SMP. */
    public static final int INITIAL_PATH_OFFSET = 128;
    /** Offset of ReturnPath in a directed-route SMP. */
    public static final int RETURN_PATH_OFFSET = 192;
    /** The permissive LID, used for DrSLID/DrDLID when the route is directed end to end. */
    public static final int PERMISSIVE_LID = 0xFFFF;

    public static final Field D_BIT = Field.bits("D", 32, 1);
    public static final Field DR_STATUS = Field.bits("Status", 33, 15);
    public static final Field HOP_POINTER = Field.u8("HopPointer", 6);
    public static final Field HOP_COUNT = Field.u8("HopCount", 7);
    public static final Field M_KEY = Field.u64("M_Key", 24);
    public static final Field DR_SLID = Field.u16("DrSLID", 32);
    public static final Field DR_DLID = Field.u16("DrDLID", 34);

    /** Layout of a directed-route SMP (header, M_Key, DR fields, payload and both paths). */
    public static final Layout DR_LAYOUT = Layout.of("DR SMP", MadHeader.MAD_SIZE,
            MadHeader.BASE_VERSION, MadHeader.MGMT_CLASS, MadHeader.CLASS_VERSION, MadHeader.METHOD, D_BIT,
            DR_STATUS, HOP_POINTER, HOP_COUNT, MadHeader.TRANSACTION_ID, MadHeader.ATTRIBUTE_ID,
            Field.reservedBytes(18, 2), MadHeader.ATTRIBUTE_MODIFIER, M_KEY, DR_SLID, DR_DLID,
            Field.reservedBytes(36, 28), Field.bytes("SMPData", DATA_OFFSET, DATA_SIZE),
            Field.bytes("InitialPath", INITIAL_PATH_OFFSET, 64), Field.bytes("ReturnPath", RETURN_PATH_OFFSET, 64));

    /** Layout of a LID-routed SMP. */
    public static final Layout LID_LAYOUT = Layout.of("LID-routed SMP", MadHeader.MAD_SIZE,
            MadHeader.BASE_VERSION, MadHeader.MGMT_CLASS, MadHeader.CLASS_VERSION, MadHeader.METHOD,
            MadHeader.STATUS, Field.reservedBytes(6, 2), MadHeader.TRANSACTION_ID, MadHeader.ATTRIBUTE_ID,
            Field.reservedBytes(18, 2), MadHeader.ATTRIBUTE_MODIFIER, M_KEY, Field.reservedBytes(32, 32),
            Field.bytes("SMPData", DATA_OFFSET, DATA_SIZE), Field.reservedBytes(128, 128));

    private Smp() {
    }

    /**
     * A directed-route SMP request with DrSLID = DrDLID = permissive (directed end to end), as OpenSM sends them.
     *
     * @param method Get or Set
     * @param tid transaction ID
     * @param attr attribute ID
     * @param attrMod attribute modifier
     * @param path route from the local port
     * @param mKey M_Key to present
     * @return a fresh 256-byte MAD whose payload the caller may fill at {@link #DATA_OFFSET}
     */
    public static byte[] directedRoute(Method method, long tid, AttributeId attr, long attrMod, DrPath path,
                                       long mKey) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_DIRECTED_ROUTE.value(), 1, method.value(), 0, path.hopCount(), tid,
                attr.value(), attrMod).encodeTo(mad);
        M_KEY.put(mad, 0, mKey);
        DR_SLID.put(mad, 0, PERMISSIVE_LID);
        DR_DLID.put(mad, 0, PERMISSIVE_LID);
        path.writeTo(mad, INITIAL_PATH_OFFSET);
        return mad;
    }

    /** A LID-routed SMP request; the destination LID travels in the address, not in the MAD. */
    public static byte[] lidRouted(Method method, long tid, AttributeId attr, long attrMod, long mKey) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_LID_ROUTED.value(), 1, method.value(), 0, 0, tid, attr.value(), attrMod)
                .encodeTo(mad);
        M_KEY.put(mad, 0, mKey);
        return mad;
    }

    /** Whether the MAD is a directed-route SMP. */
    public static boolean isDirectedRoute(byte[] mad) {
        return (mad[1] & 0xFF) == 0x81;
    }

    /** The D bit of a directed-route SMP (1 = returning). */
    public static boolean isReturning(byte[] mad) {
        return (mad[4] & 0x80) != 0;
    }

    /**
     * The status of an SMP without the D bit for directed-route SMPs.
     */
    public static int status(byte[] mad) {
        int st = MadHeader.STATUS.getInt(mad, 0);
        return isDirectedRoute(mad) ? st & 0x7FFF : st;
    }

    /** The hop count of a directed-route SMP. */
    public static int hopCount(byte[] mad) {
        return mad[7] & 0xFF;
    }

    /** The hop pointer of a directed-route SMP. */
    public static int hopPointer(byte[] mad) {
        return mad[6] & 0xFF;
    }

    /** The egress port recorded at hop {@code i} of InitialPath. */
    public static int initialPathPort(byte[] mad, int i) {
        return mad[INITIAL_PATH_OFFSET + i] & 0xFF;
    }

    /** The InitialPath of a directed-route SMP as a {@link DrPath}. */
    public static DrPath initialPath(byte[] mad) {
        int n = hopCount(mad);
        int[] ports = new int[Math.min(n, DrPath.MAX_HOPS)];
        for (int i = 0; i < ports.length; i++) {
            ports[i] = initialPathPort(mad, i + 1);
        }
        return DrPath.of(ports);
    }
}
