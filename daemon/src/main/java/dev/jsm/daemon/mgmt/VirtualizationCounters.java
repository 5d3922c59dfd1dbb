package dev.jsm.daemon.mgmt;

/**
 * The counters of port virtualization and enhanced QoS since start (docs/virtualization.md, docs/enhanced-qos.md),
 * read at one moment.
 *
 * <p>Immutable; safe to share.
 *
 * @param malformedVPortAnswers answers to the virtualization attributes that were malformed (counted and dropped)
 * @param qosConfigSlSets QoSConfigSL Sets the enhanced QoS manager sent
 * @param policyRejections reloads of {@code enhanced_qos_policy_file} that found an error
 * @param policyInError whether the last reload found an error (the last good policy, if any, stays in force)
 * @param policyInForce whether an enhanced QoS policy is in force
 */
public record VirtualizationCounters(long malformedVPortAnswers, long qosConfigSlSets, long policyRejections,
                                     boolean policyInError, boolean policyInForce) {
}
