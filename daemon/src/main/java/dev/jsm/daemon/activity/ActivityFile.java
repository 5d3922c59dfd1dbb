package dev.jsm.daemon.activity;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The file the activity report appends to: opened (created if missing, appended to across restarts, as OpenSM's
 * dump files are kept) at the first line, each line written and flushed at once so a reader sees it, closed at
 * shutdown. Nothing it does throws into the caller: an I/O error is logged once ({@code DUMP-0712}), the lines that
 * cannot be written meanwhile are counted, and the next line tries the file again; when it works again the count of
 * lost lines is logged ({@code DUMP-0713}).
 *
 * <p>Thread-safe: the SA's thread and the SM thread both write; each line is written whole.
 */
final class ActivityFile implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(ActivityFile.class);

    private final Path file;
    private BufferedWriter out;
    private boolean failing;
    private long lost;
    private boolean closed;

    /** @param file where the lines go; nothing is opened before the first line */
    ActivityFile(Path file) {
        this.file = file;
    }

    /** The file's path. */
    Path path() {
        return file;
    }

    /** Appends {@code line} and a newline; dropped after {@link #close}. */
    synchronized void append(String line) {
        if (closed) {
            return;
        }
        try {
            if (out == null) {
                out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            }
            out.write(line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            lost++;
            if (!failing) {
                failing = true;
                LOG.error("DUMP-0712 cannot write the activity report {}: {}; its lines are lost until it can be "
                        + "written again", file, e.toString());
            }
            closeQuietly();
            return;
        }
        if (failing) {
            failing = false;
            LOG.warn("DUMP-0713 the activity report {} is written again; {} lines were lost", file, lost);
            lost = 0;
        }
    }

    /** Closes the file; later lines are dropped. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        closeQuietly();
    }

    private void closeQuietly() {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            LOG.debug("closing {}: {}", file, e.toString());
        }
        out = null;
    }
}
