package dev.jsm.partitions;

import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * A port whose P_Key table cannot hold all the partitions it is in: an end port beyond NodeInfo.PartitionCap, or a
 * switch port beyond SwitchInfo.PartitionEnforcementCap (whose enforcement is then turned off, as OpenSM does, so
 * that traffic of the keys left out is not dropped).
 *
 * <p>Immutable; safe to share.
 *
 * @param nodeGuid the node
 * @param portNum the port number
 * @param node the node for messages ({@code CA 0x... "desc"})
 * @param capacity the table capacity
 * @param wanted the number of keys the port should hold
 * @param dropped the keys (with membership bit) left out
 * @param enforcementCleared whether the switch port's enforcement was turned off because of it
 */
public record PKeyCapacityProblem(long nodeGuid, int portNum, String node, int capacity, int wanted,
                                  List<Integer> dropped, boolean enforcementCleared) {

    /** Copies the list. */
    public PKeyCapacityProblem {
        dropped = List.copyOf(dropped);
    }

    /** One log line naming the port, the capacity and the keys left out. */
    public String message() {
        StringBuilder keys = new StringBuilder();
        for (int k : dropped) {
            keys.append(keys.length() == 0 ? "" : ", ").append(String.format("0x%04x", k));
        }
        return node + " port " + portNum + " (" + Guid.toString(nodeGuid) + "): P_Key table holds " + capacity
                + " entries but the port is in " + wanted + " partitions; left out " + keys
                + (enforcementCleared ? "; partition enforcement turned off on this switch port" : "");
    }

    /** {@link #message()}. */
    @Override
    public String toString() {
        return message();
    }
}
