package dev.jsm.daemon.qos;

import dev.jsm.daemon.sweep.BlockSync;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.PhysPort;

/**
 * One SLtoVLMappingTable or VLArbitrationTable Set the QoS manager sends if its block differs from what the port
 * holds: the block of the port's table in the model, the attribute modifier that addresses it and, for an optimized
 * "all ports" SL2VL Set, the other blocks the switch writes with it.
 *
 * <p>Immutable; safe to share (the port and table are the SM thread's model objects).
 *
 * @param port the port whose table it is (Sets about a switch port go to the switch)
 * @param attribute {@link AttributeId#SL_TO_VL_MAPPING_TABLE} or {@link AttributeId#VL_ARBITRATION_TABLE}
 * @param table the port's table ({@link PhysPort#sl2VlTable()}: block = input port; {@link PhysPort#vlArbTable()}:
 *     block = attribute modifier block - 1)
 * @param block the block the Set carries; whether it differs decides whether the Set is sent
 * @param modifier the attribute modifier
 * @param coverage the blocks an answered Set is recorded in, or {@code null} for {@code block} alone
 */
record QosBlockSet(PhysPort port, AttributeId attribute, BlockTable table, int block, long modifier,
                   BlockSync.Coverage coverage) {
}
