package dev.jsm.routing.fileformat;

/**
 * What OpenSM's two per-switch dumps the {@code file} engine loads ({@link LftDumpFile}, {@link LidMatrixDumpFile})
 * have in common: the file name, the switch blocks in file order, and per line under a block (an LFT entry, a
 * matrix row) the destination LID, the port GUID that held it when the dump was taken and the line number.
 *
 * <p>Storage is flat primitive arrays, lines in file order, each switch's lines contiguous. Immutable; safe to
 * share.
 */
public abstract sealed class SwitchBlockDump permits LftDumpFile, LidMatrixDumpFile {

    private final String source;
    private final SwitchBlocks blocks;
    private final int[] lids;
    private final long[] portGuids;
    private final int[] lines;

    SwitchBlockDump(String source, SwitchBlocks blocks, int[] lids, long[] portGuids, int[] lines) {
        this.source = source;
        this.blocks = blocks;
        this.lids = lids;
        this.portGuids = portGuids;
        this.lines = lines;
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** Number of switch blocks. */
    public int switchCount() {
        return blocks.count();
    }

    /** Node GUID of switch block {@code s}, in file order. */
    public long switchGuid(int s) {
        return blocks.guid(s);
    }

    /** 1-based line of the header of switch block {@code s}. */
    public int switchLine(int s) {
        return blocks.line(s);
    }

    /** The destination LID of item {@code i} (an entry or a row) as dumped. */
    public int lid(int i) {
        return lids[i];
    }

    /** The port GUID that held the LID of item {@code i} when dumped, 0 if the line gave none. */
    public long portGuid(int i) {
        return portGuids[i];
    }

    /** {@code file:line}, to prefix a message about that line. */
    public String where(int line) {
        return source + ":" + line;
    }

    /** First item of switch block {@code s}; its items are {@code first(s) .. first(s + 1) - 1}. */
    final int first(int s) {
        return blocks.first(s);
    }

    /** Total number of items. */
    final int items() {
        return lids.length;
    }

    /** 1-based line of item {@code i}. */
    final int itemLine(int i) {
        return lines[i];
    }

    /** {@code Name[source, S switches, N items]}, the items named {@code itemName}. */
    final String describe(String name, String itemName) {
        return name + "[" + source + ", " + blocks.count() + " switches, " + lids.length + " " + itemName + "]";
    }
}
