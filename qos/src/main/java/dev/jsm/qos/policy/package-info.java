/**
 * The QoS policy file: {@link dev.jsm.qos.policy.QosPolicyParser} (hand-written, {@code file:line:column}
 * errors), the checked {@link dev.jsm.qos.policy.QosPolicy}, the {@link dev.jsm.qos.policy.QosPolicyHolder} that
 * keeps the last good policy, and {@link dev.jsm.qos.policy.BoundQosPolicy}, the QoS level look-up for PathRecord.
 */
package dev.jsm.qos.policy;
