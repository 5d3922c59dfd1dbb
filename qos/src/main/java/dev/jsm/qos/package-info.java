/**
 * Quality of service for the SM, without any MAD I/O.
 *
 * <ul>
 *   <li>{@code tables}: the {@code qos_*} options resolved per port class ({@link dev.jsm.qos.tables.QosConfig}),
 *       and the SL2VL / VL arbitration tables each port wants, written into the model's port tables
 *       ({@link dev.jsm.qos.tables.QosTablePlanner}).</li>
 *   <li>{@code policy}: the QoS policy file ({@code qos-policy.conf}, advanced and simple {@code qos-ulps} syntax),
 *       its parser, the holder that keeps the last good policy, and the QoS level look-up PathRecord uses.</li>
 * </ul>
 *
 * <p>Behavioural counterparts: OpenSM's {@code osm_qos.c}, {@code osm_qos_policy.c} and the QoS policy
 * lexer/grammar.
 */
package dev.jsm.qos;
