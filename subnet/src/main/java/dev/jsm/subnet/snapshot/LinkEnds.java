package dev.jsm.subnet.snapshot;

import dev.jsm.subnet.Guid;

/**
 * The identity of a link across sweeps: the (node GUID, port number) of both ends, lower end first in unsigned GUID
 * then port order. Indices change between snapshots; these do not.
 *
 * <p>Immutable; safe to share.
 *
 * @param nodeGuidA node GUID of the lower end
 * @param portNumA port number of the lower end
 * @param nodeGuidB node GUID of the higher end
 * @param portNumB port number of the higher end
 */
public record LinkEnds(long nodeGuidA, int portNumA, long nodeGuidB, int portNumB) {

    /** The ends in canonical order, whichever order they are given in. */
    public static LinkEnds of(long nodeGuidX, int portNumX, long nodeGuidY, int portNumY) {
        int c = Guid.compare(nodeGuidX, nodeGuidY);
        if (c < 0 || c == 0 && portNumX <= portNumY) {
            return new LinkEnds(nodeGuidX, portNumX, nodeGuidY, portNumY);
        }
        return new LinkEnds(nodeGuidY, portNumY, nodeGuidX, portNumX);
    }

    /** {@code 0x...[1] <-> 0x...[3]}. */
    @Override
    public String toString() {
        return Guid.toString(nodeGuidA) + "[" + portNumA + "] <-> " + Guid.toString(nodeGuidB) + "[" + portNumB + "]";
    }
}
