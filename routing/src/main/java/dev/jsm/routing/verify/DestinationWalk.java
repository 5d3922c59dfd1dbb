package dev.jsm.routing.verify;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;

/**
 * Follows the LFTs toward one destination LID from every switch at once. Forwarding is by destination only, so the
 * rest of a path from a switch is the same whatever switch it started at: each switch is resolved once and later
 * walks stop at the first resolved switch, {@code O(S)} per LID instead of {@code O(S * path length)}. The walk reads
 * the LID's column of the LFTs, gathered by the caller into one array ({@link LftTables#gatherColumns}): the tables
 * are rows per switch, and reading a column from them directly costs a cache miss per switch.
 *
 * <p>After {@link #walk}, per switch: {@link #status} ({@link #DELIVERED} or {@code reason.ordinal() + 1}),
 * {@link #hops} to delivery, {@link #next} (the edge taken, -1 where the path ends), and where a failed path
 * failed ({@link #failAt} switch, {@link #failPort} LFT port there).
 *
 * <p>Scratch of one verifier; confined to its thread.
 */
final class DestinationWalk {

    /** Status of a switch whose path delivers the LID. */
    static final byte DELIVERED = 0;
    private static final byte IN_PROGRESS = -1;

    private final RoutingInput in;
    private final int[] peerSwitch;
    private final int[] portStart;
    private final int[] portEdge;
    private final int[] numPorts;
    final byte[] status;
    final int[] hops;
    final int[] next;
    final int[] failAt;
    final int[] failPort;
    private final int[] stamp;
    private final int[] stack;
    private int generation;

    DestinationWalk(RoutingInput in) {
        this.in = in;
        peerSwitch = in.peerSwitch();
        portStart = in.portStart();
        portEdge = in.portEdge();
        numPorts = in.switchNumPorts();
        int s = in.switchCount();
        status = new byte[s];
        hops = new int[s];
        next = new int[s];
        failAt = new int[s];
        failPort = new int[s];
        stamp = new int[s];
        stack = new int[s + 1];
    }

    /**
     * Resolves every switch's path to {@code lid}, whose LFT column is {@code columns[offset .. offset + S - 1]}.
     */
    void walk(int lid, byte[] columns, int offset) {
        generation++;
        for (int s = 0; s < status.length; s++) {
            if (stamp[s] != generation) {
                resolve(s, lid, columns, offset);
            }
        }
    }

    private void resolve(int start, int lid, byte[] columns, int offset) {
        int owner = in.lidOwnerSwitch()[lid];
        int ownerPort = in.lidOwnerPort()[lid] & 0xFF;
        int depth = 0;
        int cur = start;
        byte end;
        int baseHops = 0;
        int at = -1;
        int atPort = LftTables.NO_PATH;
        while (true) {
            if (stamp[cur] == generation) {
                if (status[cur] == IN_PROGRESS) {
                    end = code(UnreachableReason.LOOP);
                    at = cur;
                    atPort = columns[offset + cur] & 0xFF;
                } else {
                    end = status[cur];
                    baseHops = hops[cur] + 1;
                    at = failAt[cur];
                    atPort = failPort[cur];
                }
                break;
            }
            stamp[cur] = generation;
            status[cur] = IN_PROGRESS;
            next[cur] = -1;
            stack[depth++] = cur;
            int port = columns[offset + cur] & 0xFF;
            int edge = port > numPorts[cur] ? RoutingInput.PORT_UNCONNECTED : portEdge[portStart[cur] + port];
            if (port == LftTables.NO_PATH) {
                end = code(UnreachableReason.NO_ENTRY);
            } else if (cur == owner && port == ownerPort) {
                end = DELIVERED;
            } else if (port == 0 || edge == RoutingInput.PORT_TO_END_NODE) {
                end = code(UnreachableReason.WRONG_NODE);
            } else if (edge < 0) {
                end = code(UnreachableReason.DEAD_PORT);
            } else {
                next[cur] = edge;
                cur = peerSwitch[edge];
                continue;
            }
            at = cur;
            atPort = port;
            break;
        }
        int h = baseHops;
        for (int i = depth - 1; i >= 0; i--) {
            int sw = stack[i];
            status[sw] = end;
            hops[sw] = h++;
            failAt[sw] = at;
            failPort[sw] = atPort;
        }
    }

    /** The status code of {@code reason}. */
    static byte code(UnreachableReason reason) {
        return (byte) (reason.ordinal() + 1);
    }

    /** The reason of a status code other than {@link #DELIVERED}. */
    static UnreachableReason reason(byte code) {
        return UnreachableReason.values()[code - 1];
    }
}
