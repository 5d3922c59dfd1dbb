package dev.jsm.qos.policy;

import dev.jsm.subnet.NodeKind;
import java.util.List;
import java.util.Set;

/**
 * A {@code port-group} of the policy file: the ports it names by port GUID, by {@code NodeDescription/P<n>}, by
 * partition P_Key or name, and by node type (or the SM's own port, {@code SELF}). Which ports of a fabric that is
 * is decided when the policy is bound to the fabric ({@link QosPolicy#bind}).
 *
 * <p>Immutable; safe to share.
 *
 * @param name the group's name (matched case-insensitively, blanks ignored, as OpenSM does)
 * @param use the description, "" if none
 * @param portGuids {@code port-guid} values
 * @param portNames {@code port-name} values
 * @param pkeys {@code pkey} values (15-bit base P_Keys: the membership bit is dropped)
 * @param partitions {@code partition} names
 * @param nodeTypes node types from {@code node-type} ({@code ALL} = all three)
 * @param smPort whether {@code node-type} lists {@code SELF}
 */
public record PortGroup(String name, String use, NumberRanges portGuids, List<PortName> portNames,
                        NumberRanges pkeys, List<String> partitions, Set<NodeKind> nodeTypes, boolean smPort) {

    /** Copies the lists. */
    public PortGroup {
        portNames = List.copyOf(portNames);
        partitions = List.copyOf(partitions);
        nodeTypes = Set.copyOf(nodeTypes);
    }

    /** A group of port GUIDs only, as the simple {@code qos-ulps} rules generate. */
    static PortGroup ofGuids(String name, NumberRanges guids) {
        return new PortGroup(name, "Generated from ULP rules", guids, List.of(), NumberRanges.EMPTY, List.of(),
                Set.of(), false);
    }

    /**
     * A port named by the node's NodeDescription and a port number ({@code port-name: vs1 HCA-1/P1}).
     *
     * @param nodeDescription the NodeDescription, compared exactly
     * @param portNum the port number (1..254); on a switch any port number names the switch
     */
    public record PortName(String nodeDescription, int portNum) {
    }
}
