package dev.jsm.qos.tables;

import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.subnet.PhysPort;

/**
 * One SubnSet() the QoS stage has to send: the port it concerns (its node gives the directed route; a switch's
 * M_Key is port 0's), the attribute modifier and the payload. Built by {@link QosTablePlanner}; the daemon encodes
 * it with the {@code dev.jsm.mad.smp} codec and, when the Set succeeds, reports it back with
 * {@link ProgrammedQosTables#recordSent(QosSet)}.
 *
 * <p>Immutable; safe to share (the port reference is the sweep thread's model object).
 */
public sealed interface QosSet permits QosSet.Sl2Vl, QosSet.VlArb {

    /** The port the Set is about (for a switch: the output port, or port 1's representative for "all ports"). */
    PhysPort port();

    /** The attribute modifier to send. */
    long attributeModifier();

    /**
     * An SLtoVLMappingTable Set (attribute 0x0017).
     *
     * @param port the output port (CA/router: the port itself)
     * @param attributeModifier {@code in << 8 | out} on switches ({@code 0x30000} / {@code 0x20000 | out} when
     *     optimized), 0 on CAs and routers
     * @param table the masked table to write
     */
    record Sl2Vl(PhysPort port, long attributeModifier, SlToVlMappingTable table) implements QosSet {

        /**
         * Whether this Set uses the optimized "all ports" modifier bits: OpenSM sends it with
         * {@code long_transaction_timeout}, as the switch writes many tables.
         */
        public boolean isAllPorts() {
            return (attributeModifier & (SlToVlMappingTable.ALL_INPUT_PORTS | SlToVlMappingTable.ALL_OUTPUT_PORTS))
                    != 0;
        }
    }

    /**
     * A VLArbitrationTable Set (attribute 0x0018) of one 32-entry block.
     *
     * @param port the port whose table it is
     * @param attributeModifier {@code block << 16 | portNum} (block 1..4; port 0 on CAs, routers and switch port 0)
     * @param block the 32 entries to write (entries past the port's capacity are zero)
     */
    record VlArb(PhysPort port, long attributeModifier, VlArbitrationTable block) implements QosSet {
    }
}
