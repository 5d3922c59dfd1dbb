package dev.jsm.mad.codec;

/**
 * MAD method codes (IBA 13.4.5), without the response bit. Open: unknown methods decode to an unnamed value.
 */
public final class Method extends OpenCode {

    private static final Registry<Method> REGISTRY = new Registry<>(Method::new, "UNKNOWN_METHOD(0x%02x)");

    /** The R bit of the method byte: set on responses. */
    public static final int RESPONSE_BIT = 0x80;

    public static final Method GET = REGISTRY.known(0x01, "Get");
    public static final Method SET = REGISTRY.known(0x02, "Set");
    public static final Method SEND = REGISTRY.known(0x03, "Send");
    public static final Method TRAP = REGISTRY.known(0x05, "Trap");
    public static final Method REPORT = REGISTRY.known(0x06, "Report");
    public static final Method TRAP_REPRESS = REGISTRY.known(0x07, "TrapRepress");
    public static final Method GET_TABLE = REGISTRY.known(0x12, "GetTable");
    public static final Method GET_TRACE_TABLE = REGISTRY.known(0x13, "GetTraceTable");
    public static final Method GET_MULTI = REGISTRY.known(0x14, "GetMulti");
    public static final Method DELETE = REGISTRY.known(0x15, "Delete");
    /** GetResp is Get with the response bit; kept as a constant because traffic dumps name it. */
    public static final Method GET_RESP = REGISTRY.known(0x81, "GetResp");
    public static final Method REPORT_RESP = REGISTRY.known(0x86, "ReportResp");
    public static final Method GET_TABLE_RESP = REGISTRY.known(0x92, "GetTableResp");
    public static final Method GET_MULTI_RESP = REGISTRY.known(0x94, "GetMultiResp");
    public static final Method DELETE_RESP = REGISTRY.known(0x95, "DeleteResp");

    private Method(int value, String name) {
        super(value, name);
    }

    /** The method for a wire value (response bit included); never throws. */
    public static Method valueOf(int value) {
        return REGISTRY.valueOf(value & 0xFF);
    }

    /** Whether the response bit is set. */
    public boolean isResponse() {
        return (value() & RESPONSE_BIT) != 0;
    }
}
