package dev.jsm.daemon.cache;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the record files of the cache directory ({@code guid2lid}, {@code guid2mkey}, {@code neighbors}) have in
 * common: read once at start, lines that are not good records reported ({@value #MAX_PROBLEMS} at most and a count
 * of the rest), a file that cannot be read at all moved aside rather than kept in the SM's way
 * ({@link CacheFiles#giveUp}), and written whole and atomically only when a record changed ({@link #flushIfDirty}).
 * Subclasses hold the records: they parse the text, say when a record changed and format them.
 *
 * <p>Confined to the SM thread, like its subclasses.
 */
public abstract class CacheRecordFile {

    /** Problem lines kept per read; the rest are counted in one more. */
    public static final int MAX_PROBLEMS = 20;

    private final Path file;
    private final long maxBytes;
    private final List<String> problems = new ArrayList<>();
    private String setAside;
    private String unreadable;
    private boolean dirty;

    /**
     * @param file the file in the cache directory
     * @param maxBytes the largest file read: a larger one is no file of this kind
     */
    protected CacheRecordFile(Path file, long maxBytes) {
        this.file = file;
        this.maxBytes = maxBytes;
    }

    /**
     * Reads the file if it exists and hands its text to {@link #parse}; a file that cannot be read is moved aside,
     * the records stay empty and {@link #setAside()} says so and what follows ({@code consequence}).
     */
    protected final void read(String consequence) {
        try {
            String text = readText();
            if (text != null) {
                parse(text);
            }
        } catch (IOException e) {
            setAside = CacheFiles.giveUp(file, e, consequence);
        }
    }

    /**
     * Reads the file as {@link #read} does, except that a file that cannot be read stays where it is: {@link
     * #unreadable()} says why ({@code exit_on_fatal TRUE}: the SM ends, as OpenSM does, and the operator keeps the
     * file).
     */
    protected final void readOrKeep() {
        try {
            String text = readText();
            if (text != null) {
                parse(text);
            }
        } catch (IOException e) {
            unreadable = file + " cannot be read (" + (e.getCause() == null && e.getMessage() != null ? e.getMessage()
                    : e.toString()) + ")";
        }
    }

    /** Why the file could not be read by {@link #readOrKeep}, or {@code null}. */
    public final String unreadable() {
        return unreadable;
    }

    /**
     * The file's text, or {@code null} if there is no file.
     *
     * @throws IOException if it cannot be read ({@link CacheFiles#readAscii})
     */
    protected final String readText() throws IOException {
        return CacheFiles.readAscii(file, maxBytes);
    }

    /** Takes the records of the file's text; reports the lines that are not good ones to {@link #addProblems}. */
    protected abstract void parse(String text);

    /** The file's text for the records as they are now. */
    protected abstract String format();

    /** Adds the problems of one read (each line prefixed with the file by the caller), capped. */
    protected final void addProblems(List<String> found) {
        problems.addAll(CacheFiles.capped(found, MAX_PROBLEMS, file));
    }

    /** Forgets the problems of earlier reads (before the file is read again). */
    protected final void clearProblems() {
        problems.clear();
    }

    /** Notes that the records differ from the file. */
    protected final void markDirty() {
        dirty = true;
    }

    /** Notes that the records are the file's (just read again). */
    protected final void markClean() {
        dirty = false;
    }

    /**
     * The one line for the log when the file could not be read and was moved aside (or could not be), else
     * {@code null}.
     */
    public final String setAside() {
        return setAside;
    }

    /** Problems found reading the file, one line each, for the log. */
    public final List<String> problems() {
        return List.copyOf(problems);
    }

    /** Whether the records differ from the file. */
    public final boolean isDirty() {
        return dirty;
    }

    /**
     * Writes the file if the records changed since it was read or last written: to {@code <file>.tmp}, fsync (when
     * {@code fsync}, OpenSM's {@code fsync_high_avail_files}), then renamed over the file, so a crash leaves the old
     * or the new file, never half of one ({@link CacheFiles#writeAtomically}).
     *
     * @return whether the file was written
     * @throws IOException if the cache directory or the file cannot be written
     */
    public final boolean flushIfDirty(boolean fsync) throws IOException {
        if (!dirty) {
            return false;
        }
        CacheFiles.writeAtomically(file, format().getBytes(StandardCharsets.US_ASCII), fsync);
        dirty = false;
        return true;
    }

    /** The file this store reads and writes. */
    public final Path file() {
        return file;
    }
}
