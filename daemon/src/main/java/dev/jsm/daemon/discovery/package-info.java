/**
 * Discovery by directed route (docs/reference/opensm-behaviour.md#discovery): NodeInfo, NodeDescription, PortInfo and
 * SwitchInfo Gets pipelined through the transactions window, one receiver class per attribute, nodes keyed by GUID;
 * the drop manager removes what a sweep no longer reaches; the light sweep's probe and the delta discovery of
 * incremental sweeps. The other SMs it meets go to {@link dev.jsm.daemon.discovery.OtherSms}, which the SM's election
 * ({@code sm}) implements, and the keys it learns to the M_Key book ({@code mkey}). Confined to the SM thread.
 */
package dev.jsm.daemon.discovery;
