package dev.jsm.routing.file;

import dev.jsm.routing.LftTables;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.LftDumpFile;
import dev.jsm.subnet.Guid;
import java.util.Arrays;

/**
 * Writes an {@link LftDumpFile} into the {@link LftTables} of the current fabric, with OpenSM's file-engine rules:
 * <ul>
 *   <li>a dumped switch is found by node GUID; a switch the fabric does not have is skipped;</li>
 *   <li>a switch of the fabric the dump does not list keeps every entry {@link LftTables#NO_PATH} (OpenSM clears all
 *       new LFTs before the engine runs and does not fall back per switch), and so does every LID a listed switch's
 *       block does not name;</li>
 *   <li>each entry's LID is remapped through the port GUID of its comment (same LID if still in that port's range,
 *       else the same path bits from its new base LID); an entry without a GUID keeps its LID;</li>
 *   <li>two entries of one block landing on the same LID: the later one wins.</li>
 * </ul>
 * Where OpenSM writes blindly, this loader skips, and counts: entries whose port GUID is not in the fabric (OpenSM
 * keeps the old LID, which may now belong to another port), entries past the fabric's highest LID, and egress ports
 * the switch does not have or that are down or uncabled.
 *
 * <p>Confined to the thread of one routing pass.
 */
final class LftLoader {

    static final String UNKNOWN_SWITCH = "switch blocks skipped: switch not in the fabric";
    static final String UNKNOWN_DESTINATION = "entries skipped: destination port GUID not in the fabric";
    static final String NO_GUID = "entries without a port GUID kept at their dumped LID";
    static final String REMAPPED = "entries remapped to the port's current LID";
    static final String PAST_MAX_LID = "entries skipped: LID above the fabric's highest LID";
    static final String NO_SUCH_PORT = "entries skipped: the switch has no such port";
    static final String PORT_DOWN = "entries skipped: egress port down or not cabled";
    static final String COLLISION = "entries overwrote an earlier entry for the same LID";

    private LftLoader() {
    }

    /**
     * Loads {@code dump} into {@code out} (sized for {@code in}, every entry {@link LftTables#NO_PATH}).
     *
     * @return per switch of {@code in} whether the dump listed it
     */
    static boolean[] load(LftDumpFile dump, RoutingInput in, FabricGuids guids, LftTables out, NoteTally notes) {
        boolean[] listed = new boolean[in.switchCount()];
        boolean[] written = new boolean[in.maxLid() + 1];
        for (int s = 0; s < dump.switchCount(); s++) {
            int sw = guids.switchIndex(dump.switchGuid(s));
            if (sw < 0) {
                notes.add(UNKNOWN_SWITCH, dump.where(dump.switchLine(s)) + ": " + Guid.toString(dump.switchGuid(s)));
                continue;
            }
            listed[sw] = true;
            Arrays.fill(written, false);
            byte[] lft = out.lft(sw);
            for (int e = dump.firstEntry(s); e < dump.firstEntry(s + 1); e++) {
                int lid = target(dump, e, in, guids, notes);
                if (lid < 0 || !usablePort(dump, e, in, sw, notes)) {
                    continue;
                }
                int port = dump.port(e);
                if (written[lid] && (lft[lid] & 0xFF) != port) {
                    notes.add(COLLISION, dump.where(dump.entryLine(e)) + ": LID " + lid);
                }
                written[lid] = true;
                lft[lid] = (byte) port;
            }
        }
        return listed;
    }

    /** The current LID entry {@code e} routes, or -1 if it is skipped. */
    private static int target(LftDumpFile dump, int e, RoutingInput in, FabricGuids guids, NoteTally notes) {
        int dumped = dump.lid(e);
        long guid = dump.portGuid(e);
        String where = dump.where(dump.entryLine(e));
        int lid = dumped;
        if (guid == 0) {
            notes.add(NO_GUID, where + ": LID " + dumped);
        } else {
            lid = guids.remap(dumped, guid);
            if (lid == FabricGuids.UNKNOWN_PORT) {
                notes.add(UNKNOWN_DESTINATION, where + ": " + Guid.toString(guid));
                return -1;
            }
            if (lid != dumped) {
                notes.add(REMAPPED, where + ": LID " + dumped + " -> " + lid);
            }
        }
        if (lid > in.maxLid()) {
            notes.add(PAST_MAX_LID, where + ": LID " + lid + " > " + in.maxLid());
            return -1;
        }
        return lid;
    }

    /** Whether the egress port of entry {@code e} exists and is up on switch {@code sw} (255 = no path, port 0 ok). */
    private static boolean usablePort(LftDumpFile dump, int e, RoutingInput in, int sw, NoteTally notes) {
        int port = dump.port(e);
        if (port == 0 || port == LftTables.NO_PATH) {
            return true;
        }
        String where = dump.where(dump.entryLine(e));
        if (port > in.switchNumPorts()[sw]) {
            notes.add(NO_SUCH_PORT, where + ": port " + port + " of " + in.describeSwitch(sw) + " ("
                    + in.switchNumPorts()[sw] + " ports)");
            return false;
        }
        if (in.edgeOfPort(sw, port) == RoutingInput.PORT_UNCONNECTED) {
            notes.add(PORT_DOWN, where + ": port " + port + " of " + in.describeSwitch(sw));
            return false;
        }
        return true;
    }
}
