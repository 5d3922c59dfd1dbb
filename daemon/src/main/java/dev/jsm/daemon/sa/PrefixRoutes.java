package dev.jsm.daemon.sa;

import dev.jsm.routing.fileformat.PrefixRoutesFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The routes of {@code prefix_routes_file} (docs/routers.md) for the SA's PathRecords to GIDs behind a router. The
 * file is read again when its modification time or size changes (OpenSM reads it again whenever it rescans its
 * files); a file that no longer parses is logged with {@code file:line} and the routes read before stay in force; a
 * missing file has no routes, as in OpenSM.
 *
 * <p>Called on the SM thread (each SUBNET UP) and once at start; not thread-safe.
 */
final class PrefixRoutes {

    private static final Logger LOG = LogManager.getLogger(PrefixRoutes.class);

    private PrefixRoutesFile routes = PrefixRoutesFile.NONE;
    private String file;
    private List<Long> stamp;

    /** The routes of {@code path} ({@code null} or empty: none), read again if the file changed. */
    PrefixRoutesFile current(String path) {
        if (path == null || path.isEmpty()) {
            routes = PrefixRoutesFile.NONE;
            file = null;
            return routes;
        }
        Path p = Path.of(path);
        List<Long> now = stampOf(p);
        if (path.equals(file) && Objects.equals(now, stamp)) {
            return routes;
        }
        file = path;
        stamp = now;
        try {
            PrefixRoutesFile read = PrefixRoutesFile.read(p);
            read.warnings().forEach(LOG::warn);
            if (!read.equals(routes)) {
                LOG.info("prefix routes: {} route(s) from {}", read.routes().size(), path);
            }
            routes = read;
        } catch (RoutingFileException e) {
            LOG.error("{}; the {} prefix route(s) read before stay in force", e.getMessage(), routes.routes().size());
        }
        return routes;
    }

    /** The file's modification time and size, or an empty list if there is no file (or it cannot be seen). */
    private static List<Long> stampOf(Path p) {
        try {
            return List.of(Files.getLastModifiedTime(p).toMillis(), Files.size(p));
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of(-1L);
        }
    }
}
