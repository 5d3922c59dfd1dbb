/**
 * Port groups, a feature of their own (docs/reference/opensm-behaviour.md#routing-chains): the {@code pgrp_policy_file}
 * ({@link dev.jsm.subnet.portgroup.PortGroupPolicy}) names groups of physical ports by GUID, GUID range, host name,
 * NodeDescription expression, partition, node type and set operations, and
 * {@link dev.jsm.subnet.portgroup.PortGroupPolicy#resolve} picks their ports in a snapshot. They live in
 * {@code subnet} because every module that writes policies over ports depends on it and on nothing else in common:
 * the routing chain's topologies refer to them today, QoS policies and partitions can without a new arrow.
 * {@link dev.jsm.subnet.portgroup.PolicyParagraphs} reads the paragraph layout the three routing-chain policy files
 * share.
 */
package dev.jsm.subnet.portgroup;
