/**
 * Discovery by directed route (docs/reference/opensm-behaviour.md#discovery): NodeInfo, NodeDescription, PortInfo and
 * SwitchInfo Gets pipelined
 * through the transactions window, one receiver class per attribute, nodes keyed by GUID; the drop manager removes
 * what a sweep no longer reaches. Confined to the SM thread.
 */
package dev.jsm.daemon.discovery;
