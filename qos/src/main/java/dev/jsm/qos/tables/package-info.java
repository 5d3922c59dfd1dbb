/**
 * SL2VL and VL arbitration planning on the model, without MAD I/O or wire formats:
 * {@link dev.jsm.qos.tables.QosConfig} resolves the {@code qos_*} options per port class,
 * {@link dev.jsm.qos.tables.QosTablePlanner} writes each port's wanted tables into the model's port tables
 * ({@link dev.jsm.subnet.PhysPort#sl2VlTable()}, {@link dev.jsm.subnet.PhysPort#vlArbTable()}) and returns a
 * {@link dev.jsm.qos.tables.QosPlan} with the rest the daemon needs (VLHighLimits, the switches to program with the
 * optimized "all ports" Sets). The daemon sends the blocks that differ from what the ports hold.
 */
package dev.jsm.qos.tables;
