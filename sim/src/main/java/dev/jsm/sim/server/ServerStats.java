package dev.jsm.sim.server;

/**
 * What a {@link SimServer} counted since it started.
 *
 * @param clients clients attached now
 * @param connects CONNECTs accepted
 * @param refused CONNECTs refused (unknown node, a second SM on a node, no client id left, socket failure)
 * @param disconnects clients detached by a DISCONNECT
 * @param deadClients clients detached because their socket was gone (a client that died without DISCONNECT)
 * @param madsIn MAD datagrams taken from clients into the simulator
 * @param madsOut MAD datagrams sent to clients
 * @param malformedCtl control datagrams dropped: wrong size or magic number
 * @param unknownCtlType control datagrams of an unknown type (answered with an error)
 * @param badClientId control datagrams naming a client that is not attached (answered with an error)
 * @param malformedMads MAD datagrams dropped: wrong size, or refused by the simulator's channel
 * @param undeliverable MADs the simulator delivered to a port whose clients none would take (a response for a client
 *     that left, a request to a port without SM client), or that were due to a client whose socket was full or gone
 */
public record ServerStats(int clients, long connects, long refused, long disconnects, long deadClients, long madsIn,
                          long madsOut, long malformedCtl, long unknownCtlType, long badClientId, long malformedMads,
                          long undeliverable) {

    /** Datagrams counted and dropped as malformed (of every kind). */
    public long malformed() {
        return malformedCtl + unknownCtlType + badClientId + malformedMads;
    }
}
