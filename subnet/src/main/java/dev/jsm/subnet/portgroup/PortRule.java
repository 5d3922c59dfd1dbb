package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.NodeView;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.BitSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One rule of a port group: which physical ports it adds. The set operations refer to other groups by their place
 * in the policy ({@link PortGroupPolicy} resolves the names when it parses).
 *
 * <p>Immutable; safe to share.
 */
sealed interface PortRule {

    /** Port numbers: {@code null} means every port of the node. */
    static boolean listed(BitSet portNums, int portNum) {
        return portNums == null || portNums.get(portNum);
    }

    /**
     * {@code port-guid: 0x283@5-8/12}: a node GUID or a port GUID, with the physical ports listed, or all of them.
     * A switch's port GUID stands for the switch; a CA's or router's port GUID for that port alone.
     *
     * @param guid the GUID
     * @param portNums the ports listed, {@code null} for all
     */
    record Guid(long guid, BitSet portNums) implements PortRule {
    }

    /**
     * {@code port-guid-range: 0x283-0x289}: every node or port GUID in the range, all its ports.
     *
     * @param first the first GUID (unsigned)
     * @param last the last GUID (unsigned)
     */
    record GuidRange(long first, long last) implements PortRule {
        boolean covers(long guid) {
            return Long.compareUnsigned(guid, first) >= 0 && Long.compareUnsigned(guid, last) <= 0;
        }
    }

    /**
     * {@code port-name: hostname=kuku; port=2; hca_idx=1}: the CAs whose NodeDescription's first word is the host
     * name (and which are card {@code HCA-<hcaIdx>}, when given), the port given or all of them.
     *
     * @param hostName the host name, compared exactly
     * @param portNum the physical port, -1 for all
     * @param hcaIdx the card number, -1 for any
     */
    record HostName(String hostName, int portNum, int hcaIdx) implements PortRule {
        boolean matches(NodeView node) {
            if (node.kind() != NodeKind.CA) {
                return false;
            }
            String[] words = node.description().strip().split("\\s+");
            if (!words[0].equals(hostName)) {
                return false;
            }
            if (hcaIdx < 0) {
                return true;
            }
            for (int i = 1; i < words.length; i++) {
                if (words[i].equalsIgnoreCase("HCA-" + hcaIdx)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * {@code port-regexp: SW:3}: the nodes whose NodeDescription starts with a match of the expression, the one port
     * given or all of them.
     *
     * @param pattern the expression
     * @param portNum the physical port, -1 for all
     */
    record Regexp(Pattern pattern, int portNum) implements PortRule {
    }

    /**
     * {@code partition: storage}: the end ports that are members of the partition.
     *
     * @param name the partition name
     */
    record Partition(String name) implements PortRule {
    }

    /**
     * {@code node-type: CA, SWITCH}: every port of the nodes of these types, and the SM's own port for {@code SELF}.
     *
     * @param kinds the node types ({@code ALL} = all three)
     * @param self whether {@code SELF} was listed
     */
    record NodeTypes(Set<NodeKind> kinds, boolean self) implements PortRule {
        /** Copies the set. */
        public NodeTypes {
            kinds = Set.copyOf(kinds);
        }
    }

    /**
     * {@code union-rule: grp1, grp2} or {@code subtract-rule: grp1, grp2}.
     *
     * @param first the first group
     * @param second the second group
     * @param subtract whether the second is taken away from the first (else both are united)
     */
    record SetOperation(GroupRef first, GroupRef second, boolean subtract) implements PortRule {
    }

    /**
     * A group named in a set operation: a predefined one or a definition of the policy.
     *
     * @param name the name as written
     * @param definition the index of the definition meant, or -1 for a predefined group
     */
    record GroupRef(String name, int definition) {
    }

    /** Adds the ports every node-level rule selects from {@code node} to {@code out}. */
    static void addPorts(SubnetSnapshot snapshot, NodeView node, BitSet portNums, BitSet out) {
        for (PortView p : snapshot.portsOf(node)) {
            if (listed(portNums, p.portNum())) {
                out.set(p.index());
            }
        }
    }
}
