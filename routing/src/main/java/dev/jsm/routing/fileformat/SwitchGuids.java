package dev.jsm.routing.fileformat;

import dev.jsm.routing.RoutingInput;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds the switch a per-port routing file names: by node GUID, or by the port GUID of the switch's port 0 (the man
 * page calls the {@code hop_weights_file} key a "switch port GUID" while OpenSM looks it up as a node GUID; both
 * forms are accepted for every per-port file). A GUID the fabric does not have is not an error: the switch may be
 * down or not cabled yet.
 *
 * <p>Built once per routing pass. Immutable after construction; safe to share.
 */
final class SwitchGuids {

    private final RoutingInput in;
    private final Map<Long, Integer> byGuid;

    SwitchGuids(RoutingInput in) {
        this.in = in;
        long[] nodeGuid = in.switchGuid();
        byGuid = new HashMap<>(2 * (nodeGuid.length + 1));
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            if (in.endPortIsSwitch()[ep] && in.endPortSwitch()[ep] >= 0) {
                byGuid.put(in.endPortGuid()[ep], in.endPortSwitch()[ep]);
            }
        }
        for (int sw = 0; sw < nodeGuid.length; sw++) {
            byGuid.put(nodeGuid[sw], sw);
        }
    }

    /** The switch with node GUID (or port 0 GUID) {@code guid}, or -1. */
    int switchOf(long guid) {
        Integer sw = byGuid.get(guid);
        return sw == null ? -1 : sw;
    }

    /**
     * Fails unless switch {@code sw} has port {@code port}.
     *
     * @param source the file name, for the message
     * @param line the line naming the port
     */
    void checkPort(int sw, int port, String source, int line) throws RoutingFileException {
        int numPorts = in.switchNumPorts()[sw];
        if (port > numPorts) {
            throw RoutingFileException.at(source, line, "a port number 1.." + numPorts + " of "
                    + in.describeSwitch(sw), "'" + port + "'");
        }
    }
}
