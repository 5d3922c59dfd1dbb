package dev.jsm.daemon.cache;

import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * How the daemon's files in the cache directory ({@code guid2lid}, {@code guid2mkey}, {@code neighbors},
 * {@code jsm-routing}) are read, written and given up: read as ASCII text of a bounded size, records as white-space
 * separated fields with {@code 0x} hexadecimal numbers (OpenSM's {@code osm_db} files); written whole only, through
 * a temporary file, fsync and an atomic rename (OpenSM's {@code osm_db_store}, ZooKeeper's
 * {@code AtomicFileOutputStream}), so a crash leaves the old or the new file, never half of one; and a file that
 * cannot be used is renamed {@code <name>.bad-<time>} for the operator to look at, never deleted, so that it cannot
 * keep the SM from starting.
 *
 * <p>Stateless; thread-safe as the file system is (one writer per file).
 */
public final class CacheFiles {

    /** Characters of a malformed line a problem quotes at most. */
    static final int QUOTED_CHARS = 80;
    private static final DateTimeFormatter ASIDE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private CacheFiles() {
    }

    /**
     * The text of {@code file}, or {@code null} if there is no file.
     *
     * @param maxBytes the largest file taken: a larger one is no file of this kind
     * @throws IOException if it is a directory, larger than {@code maxBytes}, holds bytes that are not ASCII, or
     *     cannot be read
     */
    public static String readAscii(Path file, long maxBytes) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("it is a directory");
        }
        try {
            long size = Files.size(file);
            if (size > maxBytes) {
                throw new IOException(size + " bytes, more than any " + file.getFileName() + " holds");
            }
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return null;
        } catch (CharacterCodingException e) {
            throw new IOException("it holds bytes that are not ASCII", e);
        }
    }

    /**
     * Moves the unreadable {@code file} aside ({@link #moveAside}) and returns the one line for the log: why it
     * cannot be used, where it went, and {@code consequence} (what the SM does without it, e.g. "every port keeps the
     * LIDs it carries"); the first sweep writes a new file.
     */
    public static String giveUp(Path file, IOException why, String consequence) {
        String reason = why.getCause() == null && why.getMessage() != null ? why.getMessage() : why.toString();
        try {
            Path aside = moveAside(file);
            return file + " cannot be used (" + reason + "): moved aside to " + aside + "; " + consequence
                    + ", and a new " + file.getFileName() + " is written at the first sweep";
        } catch (IOException e) {
            return file + " cannot be used (" + reason + ") and cannot be moved aside (" + e
                    + "); starting without it: " + consequence;
        }
    }

    /** Reads one record of a cache file. */
    @FunctionalInterface
    public interface RecordReader {
        /**
         * Takes the fields of the record on line {@code line} (1-based).
         *
         * @throws NumberFormatException if they are not a record
         */
        void read(int line, List<String> fields);
    }

    /**
     * Hands every line of {@code text} that is neither blank nor a comment ({@code #}) to {@code reader} as
     * {@code fieldCount} white-space separated fields, leniently about white space as OpenSM's {@code osm_db} is.
     *
     * @param expected the record's form for a problem line, e.g. {@code "0x<port guid> 0x<m_key>"}
     * @return one {@code line N: expected '...', found '...'} text per line with another field count or that the
     *     reader refused
     */
    public static List<String> readRecords(String text, int fieldCount, String expected, RecordReader reader) {
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> t = fields(line);
            try {
                if (t.size() != fieldCount) {
                    throw new NumberFormatException(fieldCount + " fields");
                }
                reader.read(i + 1, t);
            } catch (NumberFormatException e) {
                problems.add("line " + (i + 1) + ": expected '" + expected + "', found '" + quote(line) + "'");
            }
        }
        return problems;
    }

    /**
     * The first {@code max} of {@code found}, plus one line counting the rest when there are more (a file of
     * garbage must not flood the log).
     */
    public static List<String> capped(List<String> found, int max, Path file) {
        List<String> out = new ArrayList<>(found.subList(0, Math.min(max, found.size())));
        if (found.size() > max) {
            out.add(file + ": " + (found.size() - max) + " more lines that are not good records");
        }
        return out;
    }

    /** The white-space separated fields of a stripped line (by hand: a regex split per line is slow when cold). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>(3);
        int i = 0;
        while (i < line.length()) {
            int start = i;
            while (i < line.length() && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            out.add(line.substring(start, i));
            while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
        }
        return out;
    }

    /**
     * A {@code 0x} hexadecimal number of 1 to {@code maxDigits} digits.
     *
     * @throws NumberFormatException if {@code token} is not one
     */
    public static long hex(String token, int maxDigits) {
        if (!token.startsWith("0x") && !token.startsWith("0X")) {
            throw new NumberFormatException(token);
        }
        return CNumber.parseUnsigned(token, CNumber.Base.HEX, maxDigits);
    }

    /** {@code line} for a problem message: at most {@value #QUOTED_CHARS} characters and a count of the rest. */
    private static String quote(String line) {
        return line.length() <= QUOTED_CHARS ? line : line.substring(0, QUOTED_CHARS) + "... ("
                + (line.length() - QUOTED_CHARS) + " more characters)";
    }

    /**
     * Writes {@code bytes} to {@code <file>.tmp}, forces them to disk when {@code fsync} (OpenSM's
     * {@code fsync_high_avail_files}), then renames the temporary file over {@code file} atomically (and forces the
     * directory, best effort). The directory is created if needed.
     *
     * @throws IOException if the directory or the file cannot be written
     */
    public static void writeAtomically(Path file, byte[] bytes, boolean fsync) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            if (fsync) {
                ch.force(true);
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        if (fsync) {
            syncDirectory(dir);
        }
    }

    /**
     * Renames {@code file} to {@code <name>.bad-<time>} (never over another file: {@code .1}, {@code .2}, ... are
     * added).
     *
     * @return where it went
     * @throws IOException if it cannot be renamed
     */
    public static Path moveAside(Path file) throws IOException {
        String stamp = LocalDateTime.now().format(ASIDE_TIME);
        String name = file.getFileName().toString();
        Path aside = file.resolveSibling(name + ".bad-" + stamp);
        for (int n = 1; Files.exists(aside, LinkOption.NOFOLLOW_LINKS); n++) {
            aside = file.resolveSibling(name + ".bad-" + stamp + "." + n);
        }
        Files.move(file, aside);
        return aside;
    }

    /** Makes the rename durable; some file systems cannot open a directory for this, which is not an error. */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // best effort: the rename itself is atomic
        }
    }
}
