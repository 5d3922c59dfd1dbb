package dev.jsm.daemon.lid;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * How the daemon's files in the cache directory ({@code guid2lid}, {@code jsm-routing}) are written and given up:
 * whole files only, through a temporary file, fsync and an atomic rename (OpenSM's {@code osm_db_store}, ZooKeeper's
 * {@code AtomicFileOutputStream}), so a crash leaves the old or the new file, never half of one; and a file that
 * cannot be used is renamed {@code <name>.bad-<time>} for the operator to look at, never deleted, so that it cannot
 * keep the SM from starting.
 *
 * <p>Stateless; thread-safe as the file system is (one writer per file).
 */
public final class CacheFiles {

    private static final DateTimeFormatter ASIDE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private CacheFiles() {
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
