package dev.jsm.qos.tables;

import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.VlArbBlock;
import java.util.List;

/**
 * The QoS settings of one port class (CA, router, switch port 0, switch external ports) after OpenSM's fall-back
 * rules: the class's own {@code qos_<class>_*} option, else the {@code qos_*} option, else the built-in default
 * (max VLs 15, high limit 0, VLArb high {@code 0:4,1:0,...,14:0}, VLArb low {@code 0:0,1:4,...,14:4}, SL2VL
 * {@code 0,1,...,14,7}).
 *
 * <p>The VL arbitration tables hold 64 entries each, as two 32-entry blocks; entries past the configured list are
 * {@code 0:0}, as OpenSM's template parser leaves them.
 *
 * <p>Immutable; safe to share.
 *
 * @param maxVls {@code max_vls} (1..15); informational: OpenSM does not apply it when programming (OperationalVLs
 *     come from {@code max_op_vls})
 * @param highLimit VLHighLimit to program (0..255)
 * @param vlArbHigh the high-priority table: block 0 = entries 0..31, block 1 = entries 32..63
 * @param vlArbLow the low-priority table: block 0 = entries 0..31, block 1 = entries 32..63
 * @param sl2Vl the SL to VL map template (VL 15 = drop)
 */
public record QosPortConfig(int maxVls, int highLimit, List<VlArbBlock> vlArbHigh,
                            List<VlArbBlock> vlArbLow, Sl2VlMap sl2Vl) {

    /** Built-in {@code max_vls}. */
    public static final int DEFAULT_MAX_VLS = 15;
    /** Built-in {@code high_limit}. */
    public static final int DEFAULT_HIGH_LIMIT = 0;
    /** Built-in {@code vlarb_high}. */
    public static final String DEFAULT_VLARB_HIGH = "0:4,1:0,2:0,3:0,4:0,5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,13:0,14:0";
    /** Built-in {@code vlarb_low}. */
    public static final String DEFAULT_VLARB_LOW = "0:0,1:4,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,10:4,11:4,12:4,13:4,14:4";
    /** Built-in {@code sl2vl}. */
    public static final String DEFAULT_SL2VL = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,7";

    /**
     * @throws IllegalArgumentException if a value is out of range or a table does not have two blocks
     */
    public QosPortConfig {
        if (maxVls < 1 || maxVls > 15) {
            throw new IllegalArgumentException("max_vls " + maxVls + " outside 1..15");
        }
        if (highLimit < 0 || highLimit > 255) {
            throw new IllegalArgumentException("high_limit " + highLimit + " outside 0..255");
        }
        vlArbHigh = List.copyOf(vlArbHigh);
        vlArbLow = List.copyOf(vlArbLow);
        if (vlArbHigh.size() != 2 || vlArbLow.size() != 2) {
            throw new IllegalArgumentException("a VL arbitration table has two 32-entry blocks");
        }
    }

    /** The built-in defaults, what a port class gets when no option is set. */
    public static QosPortConfig builtIn() {
        return new QosPortConfig(DEFAULT_MAX_VLS, DEFAULT_HIGH_LIMIT,
                QosListParser.vlArb("built-in vlarb_high", DEFAULT_VLARB_HIGH),
                QosListParser.vlArb("built-in vlarb_low", DEFAULT_VLARB_LOW),
                QosListParser.sl2Vl("built-in sl2vl", DEFAULT_SL2VL));
    }

    /**
     * The VL arbitration block to program.
     *
     * @param block 0 = low 0..31, 1 = low 32..63, 2 = high 0..31, 3 = high 32..63 (attribute modifier block - 1)
     */
    public VlArbBlock vlArbBlock(int block) {
        return switch (block) {
            case 0 -> vlArbLow.get(0);
            case 1 -> vlArbLow.get(1);
            case 2 -> vlArbHigh.get(0);
            case 3 -> vlArbHigh.get(1);
            default -> throw new IllegalArgumentException("VL arbitration block " + block + " outside 0..3");
        };
    }
}
