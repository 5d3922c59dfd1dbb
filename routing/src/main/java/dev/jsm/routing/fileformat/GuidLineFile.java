package dev.jsm.routing.fileformat;

import dev.jsm.routing.RoutingInput;
import java.util.List;

/**
 * A routing file of one entry per line, each line's first token a GUID: the GUID lists ({@link GuidListFile}),
 * {@code ids_guid_file} ({@link GuidIdFile}), {@code hop_weights_file} ({@link HopWeightsFile}),
 * {@code port_prof_ignore_file} ({@link PortIgnoreFile}) and {@code port_search_ordering_file}
 * ({@link PortOrderFile}). All are read by {@link GuidLines} ({@code #} comments and blank lines skipped, numbers
 * decimal or {@code 0x} hexadecimal, {@code file:line} errors); this class keeps each entry's GUID and line, in file
 * order, beside the columns a subclass reads, so that a caller can report {@code file:line} for an entry later.
 *
 * <p>Immutable; safe to share.
 */
public abstract sealed class GuidLineFile permits GuidIdFile, GuidListFile, HopWeightsFile, PortIgnoreFile,
        PortOrderFile {

    private final String source;
    private final long[] guids;
    private final int[] lines;

    GuidLineFile(GuidLines entries) {
        this.source = entries.source();
        this.guids = entries.guids();
        this.lines = entries.lines();
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** How many entries (lines) the file has, duplicates counted. */
    public int size() {
        return guids.length;
    }

    /** True if the file has no entry (only comments and blank lines, or empty). */
    public boolean isEmpty() {
        return guids.length == 0;
    }

    /** The GUID of entry {@code i}, in file order. */
    public long guid(int i) {
        return guids[i];
    }

    /** The GUIDs in file order (a copy). */
    public long[] guids() {
        return guids.clone();
    }

    /** The 1-based line of entry {@code i}. */
    public int line(int i) {
        return lines[i];
    }

    /** {@code file:line} of entry {@code i}, to prefix a message about it. */
    public String where(int i) {
        return source + ":" + lines[i];
    }

    /**
     * The switch of {@code in} whose node GUID each entry names, in file order; -1 for an entry that names no switch
     * of the fabric, with a note {@code file:line: 0x... is not a switch of the fabric, skipped} added to
     * {@code notes}.
     */
    public int[] switchesOf(RoutingInput in, List<String> notes) {
        int[] sw = new int[guids.length];
        for (int i = 0; i < guids.length; i++) {
            sw[i] = in.switchIndexOf(guids[i]);
            if (sw[i] < 0) {
                notes.add(where(i) + ": " + GuidLines.hex(guids[i]) + " is not a switch of the fabric, skipped");
            }
        }
        return sw;
    }

    /**
     * The switch entry {@code i} names in the fabric of {@code switches}, or -1 if it has none; fails if the
     * switch has no port {@code port} (the entry's port).
     */
    final int switchPort(SwitchGuids switches, int i, int port) throws RoutingFileException {
        int sw = switches.switchOf(guids[i]);
        if (sw >= 0) {
            switches.checkPort(sw, port, source, lines[i]);
        }
        return sw;
    }
}
