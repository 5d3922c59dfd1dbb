package dev.jsm.mad.codec;

/**
 * Management class codes (IBA 13.4.4). Open: unknown classes decode to an unnamed value.
 */
public final class MgmtClass extends OpenCode {

    private static final Registry<MgmtClass> REGISTRY = new Registry<>(MgmtClass::new, "UNKNOWN_CLASS(0x%02x)");

    /** LID-routed subnet management (SMP). */
    public static final MgmtClass SUBN_LID_ROUTED = REGISTRY.known(0x01, "SubnLidRouted");
    /** Directed-route subnet management (SMP). */
    public static final MgmtClass SUBN_DIRECTED_ROUTE = REGISTRY.known(0x81, "SubnDirectedRoute");
    /** Subnet administration, class version 2. */
    public static final MgmtClass SUBN_ADM = REGISTRY.known(0x03, "SubnAdm");
    /** Performance management. */
    public static final MgmtClass PERF_MGT = REGISTRY.known(0x04, "PerfMgt");
    /** Baseboard management. */
    public static final MgmtClass BM = REGISTRY.known(0x05, "BM");
    /** Device management. */
    public static final MgmtClass DEV_MGT = REGISTRY.known(0x06, "DevMgt");
    /** Communication management. */
    public static final MgmtClass CM = REGISTRY.known(0x07, "CM");
    /** The first vendor-specific class of range 1 (0x09-0x0F: no RMPP, no OUI, 232 bytes of data). */
    public static final MgmtClass VENDOR_09 = REGISTRY.known(0x09, "Vendor09");
    /** Congestion control, class version 2. */
    public static final MgmtClass CC = REGISTRY.known(0x21, "CC");

    private MgmtClass(int value, String name) {
        super(value, name);
    }

    /** The class for a wire value; never throws. */
    public static MgmtClass valueOf(int value) {
        return REGISTRY.valueOf(value & 0xFF);
    }

    /** Whether this is one of the two SMP classes. */
    public boolean isSmp() {
        return value() == 0x01 || value() == 0x81;
    }
}
