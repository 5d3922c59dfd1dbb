package dev.jsm.mad.channel;

/**
 * The local HCA port a channel is bound to, as seen when the channel was opened.
 *
 * @param caName name of the channel adapter (e.g. {@code mlx5_0}, or the simulator's node description)
 * @param portNum port number on the CA
 * @param portGuid port GUID
 * @param lid base LID (0 before the SM assigned one)
 * @param smLid LID of the master SM known to the port
 * @param state PortInfo.PortState (1 Down .. 4 Active)
 */
public record LocalPort(String caName, int portNum, long portGuid, int lid, int smLid, int state) {
}
