/**
 * Enhanced QoS (NVIDIA's OpenSM, docs/enhanced-qos.md): per-SL rate limits of CA ports and virtual ports. The policy
 * file ({@code enhanced_qos_policy_file}) is parsed by {@link dev.jsm.qos.enhanced.EnhancedQosParser} with
 * {@code file:line:column} errors, kept by {@link dev.jsm.qos.enhanced.EnhancedQosHolder} (the last good policy stays
 * in force), and turned into the wanted QoSConfigSL content of every port and vport that supports it by
 * {@link dev.jsm.qos.enhanced.RateLimitPlanner}. No MAD I/O here.
 *
 * <p>Behavioural counterpart: NVIDIA's OpenSM's enhanced QoS manager ({@code osm_enhanced_qos_mgr}).
 */
package dev.jsm.qos.enhanced;
