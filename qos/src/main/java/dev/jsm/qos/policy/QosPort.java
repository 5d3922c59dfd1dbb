package dev.jsm.qos.policy;

import dev.jsm.subnet.NodeKind;

/**
 * An end port as port groups see it: its GUID, its node's type and NodeDescription, and its port number (0 for a
 * switch's port 0).
 *
 * <p>Immutable; safe to share.
 *
 * @param portGuid the port GUID
 * @param kind the node type
 * @param nodeDescription the node's NodeDescription
 * @param portNum the port number
 */
public record QosPort(long portGuid, NodeKind kind, String nodeDescription, int portNum) {
}
