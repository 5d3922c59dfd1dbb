package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidIdFile;
import dev.jsm.subnet.Guid;
import java.util.List;

/**
 * The ids updn compares switches of equal rank by: the node GUID, or the id {@code ids_guid_file} gives the switch
 * (OpenSM's {@code update_id}). Pairs naming a GUID that is not a switch of the fabric are skipped with a note.
 *
 * <p>Stateless; thread-safe.
 */
final class SwitchIds {

    private SwitchIds() {
    }

    /** The node GUIDs with the ids of {@code file} applied; skipped pairs are added to {@code notes}. */
    static long[] fromFile(RoutingInput in, GuidIdFile file, List<String> notes) {
        long[] guid = in.switchGuid();
        long[] id = guid.clone();
        for (int i = 0; i < file.size(); i++) {
            int sw = in.switchIndexOf(file.guid(i));
            if (sw < 0) {
                notes.add(file.where(i) + ": " + Guid.toString(file.guid(i)) + " is not a switch of the fabric, "
                        + "skipped");
            } else {
                id[sw] = file.id(i);
            }
        }
        return id;
    }
}
