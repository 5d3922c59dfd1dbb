/**
 * SL2VL and VL arbitration programming without MAD I/O: {@link dev.jsm.qos.tables.QosConfig} resolves the
 * {@code qos_*} options per port class, {@link dev.jsm.qos.tables.QosTablePlanner} computes each port's tables and
 * the Sets that differ from {@link dev.jsm.qos.tables.ProgrammedQosTables}, as a
 * {@link dev.jsm.qos.tables.QosPlan} the daemon sends.
 */
package dev.jsm.qos.tables;
