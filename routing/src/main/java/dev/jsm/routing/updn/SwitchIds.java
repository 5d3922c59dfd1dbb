package dev.jsm.routing.updn;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidIdFile;
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
        int[] sw = file.switchesOf(in, notes);
        for (int i = 0; i < sw.length; i++) {
            if (sw[i] >= 0) {
                id[sw[i]] = file.id(i);
            }
        }
        return id;
    }
}
