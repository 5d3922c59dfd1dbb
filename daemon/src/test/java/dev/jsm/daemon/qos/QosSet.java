package dev.jsm.daemon.qos;

import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.subnet.PhysPort;

/**
 * A Set the QoS manager would send, as the tests read it: the port, the attribute modifier and the payload decoded
 * with the MAD codec from the wanted block (so the model's wire layout is checked against the codec on the way).
 */
sealed interface QosSet permits QosSet.Sl2Vl, QosSet.VlArb {

    /** The port the Set is about. */
    PhysPort port();

    /** The attribute modifier sent. */
    long attributeModifier();

    /** The Set as {@link QosBlockSets} lists it. */
    QosBlockSet set();

    /** The Set of {@code s}, its payload decoded from its block's wanted content. */
    static QosSet of(QosBlockSet s) {
        byte[] payload = new byte[s.table().blockBytes()];
        s.table().copyWanted(s.block(), payload, 0);
        return s.attribute() == AttributeId.SL_TO_VL_MAPPING_TABLE
                ? new Sl2Vl(s.port(), s.modifier(), SlToVlMappingTable.decode(payload, 0), s)
                : new VlArb(s.port(), s.modifier(), VlArbitrationTable.decode(payload, 0), s);
    }

    /** An SLtoVLMappingTable Set. */
    record Sl2Vl(PhysPort port, long attributeModifier, SlToVlMappingTable table, QosBlockSet set) implements QosSet {

        /** Whether the Set uses the optimized "all ports" modifier bits. */
        boolean isAllPorts() {
            return (attributeModifier & (SlToVlMappingTable.ALL_INPUT_PORTS | SlToVlMappingTable.ALL_OUTPUT_PORTS))
                    != 0;
        }
    }

    /** A VLArbitrationTable Set of one 32-entry block. */
    record VlArb(PhysPort port, long attributeModifier, VlArbitrationTable block, QosBlockSet set) implements QosSet {
    }
}
