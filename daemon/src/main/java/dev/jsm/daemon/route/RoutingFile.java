package dev.jsm.daemon.route;

import com.google.common.hash.Hashing;
import dev.jsm.daemon.cache.CacheFiles;
import dev.jsm.routing.PersistedRouting;
import dev.jsm.routing.PersistedRoutingCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The persisted routing in the cache directory, beside {@code guid2lid}: {@value #FILE_NAME}, a gzip-compressed
 * {@link PersistedRoutingCodec} record, and {@value #DONE_NAME}, the SHA-256 of that file's bytes, written once a
 * SUBNET UP has programmed its tables into the switches. Both are written atomically ({@link CacheFiles}); the done
 * mark is deleted as soon as another routing is recorded, before its first LFT block is sent, so a mark that matches
 * the file means the switches were left holding that file's tables by this SM.
 *
 * <p>Stateless. One writer at a time: {@link RoutingPersistence} orders the writes and the deletion of the mark.
 *
 * <p>In detail: docs/design/daemon.md#routingfile.
 */
final class RoutingFile {

    /** The routing's file name in the cache directory. */
    static final String FILE_NAME = "jsm-routing";
    /** The done mark's file name. */
    static final String DONE_NAME = "jsm-routing.done";
    /** Largest file read. */
    static final long MAX_FILE_BYTES = 1L << 30;
    /** The most a deflate stream expands (1032:1), rounded up: the reader's budget per byte of file. */
    private static final long GZIP_EXPANSION = 1100;

    private RoutingFile() {
    }

    /**
     * What {@link #load} found.
     *
     * @param routing the persisted routing, or {@code null} (no file, or it was moved aside)
     * @param programmed whether the done mark matches the file: the switches were left holding its tables
     * @param setAside the line for the log when the file could not be used, else {@code null}
     */
    record Loaded(PersistedRouting routing, boolean programmed, String setAside) {
    }

    /** Reads {@code cacheDir/jsm-routing} and its done mark; an unusable file is moved aside. */
    static Loaded load(Path cacheDir) {
        Path file = cacheDir.resolve(FILE_NAME);
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new IOException("it is a directory");
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new IOException(size + " bytes, more than any routing file holds");
            }
            bytes = Files.readAllBytes(file);
            PersistedRouting r = decode(bytes);
            return new Loaded(r, stamp(bytes).equals(readDone(cacheDir)), null);
        } catch (NoSuchFileException e) {
            return new Loaded(null, false, null);
        } catch (IOException | RuntimeException e) {
            return new Loaded(null, false, moveAside(cacheDir, file, e));
        }
    }

    /**
     * Writes {@code routing} as the file (not the done mark).
     *
     * @return the file's stamp, for {@link #writeDone}
     * @throws IOException if the cache directory cannot be written
     */
    static String write(Path cacheDir, PersistedRouting routing, boolean fsync) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(1 << 16);
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(buf, 1 << 16))) {
            PersistedRoutingCodec.write(routing, out);
        }
        byte[] bytes = buf.toByteArray();
        CacheFiles.writeAtomically(cacheDir.resolve(FILE_NAME), bytes, fsync);
        return stamp(bytes);
    }

    /**
     * Writes the done mark of the file whose stamp is {@code stamp}: the switches hold its tables.
     *
     * @throws IOException if the cache directory cannot be written
     */
    static void writeDone(Path cacheDir, String stamp, boolean fsync) throws IOException {
        CacheFiles.writeAtomically(cacheDir.resolve(DONE_NAME), (stamp + "\n").getBytes(StandardCharsets.US_ASCII),
                fsync);
    }

    /**
     * Deletes the done mark: the switches are about to be sent other tables than the file's.
     *
     * @throws IOException if it exists and cannot be deleted
     */
    static void forgetProgrammed(Path cacheDir) throws IOException {
        Files.deleteIfExists(cacheDir.resolve(DONE_NAME));
    }

    private static PersistedRouting decode(byte[] bytes) throws IOException {
        try (DataInputStream in = new DataInputStream(new GZIPInputStream(new ByteArrayInputStream(bytes)))) {
            PersistedRouting r = PersistedRoutingCodec.read(in, bytes.length * GZIP_EXPANSION);
            if (in.read() != -1) {
                throw new IOException("data after the end marker");
            }
            return r;
        }
    }

    /** The done mark's stamp, or "" if there is none (a mark is one short line). */
    private static String readDone(Path cacheDir) {
        Path done = cacheDir.resolve(DONE_NAME);
        try {
            return Files.size(done) > 256 ? "" : Files.readString(done, StandardCharsets.US_ASCII).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String stamp(byte[] bytes) {
        return Hashing.sha256().hashBytes(bytes).toString();
    }

    private static String moveAside(Path cacheDir, Path file, Exception why) {
        String reason = why.getMessage() != null ? why.getMessage() : why.toString();
        try {
            Files.deleteIfExists(cacheDir.resolve(DONE_NAME));
            Path aside = CacheFiles.moveAside(file);
            return file + " cannot be used (" + reason + "): moved aside to " + aside + "; the routes are computed "
                    + "anew and every LFT block is sent";
        } catch (IOException e) {
            return file + " cannot be used (" + reason + ") and cannot be moved aside (" + e + "); the routes are "
                    + "computed anew and every LFT block is sent";
        }
    }
}
