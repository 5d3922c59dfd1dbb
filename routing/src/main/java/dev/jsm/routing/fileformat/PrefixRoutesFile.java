package dev.jsm.routing.fileformat;

import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSM's {@code prefix_routes_file} (docs/routers.md): which router port reaches which subnet prefix, for the SA's
 * PathRecords to GIDs off the subnet. One route a line: a subnet prefix and a router port GUID separated by blanks
 * or tabs, both hex with an optional {@code 0x}, either one {@code *} (kept as 0) for "any"; blank lines and anything
 * from {@code #} to the end of a line are ignored. Tokens after the second are ignored with a warning
 * ({@link #warnings()}), as OpenSM ignores them. The first route whose prefix matches wins.
 *
 * <p>A file that does not exist has no routes (OpenSM's rule). Stricter than OpenSM, which keeps the lines it could
 * read: a malformed line rejects the whole file with {@code file:line}, so that the caller keeps the routes in force.
 *
 * <p>Immutable; safe to share.
 */
public final class PrefixRoutesFile {

    /** No routes: every off-subnet DGID is refused. */
    public static final PrefixRoutesFile NONE = new PrefixRoutesFile(List.of(), List.of());

    /**
     * One line of the file.
     *
     * @param prefix the subnet prefix, or 0 for any
     * @param routerGuid the router's port GUID, or 0 for the first router
     */
    public record Route(long prefix, long routerGuid) {
    }

    private final List<Route> routes;
    private final List<String> warnings;

    private PrefixRoutesFile(List<Route> routes, List<String> warnings) {
        this.routes = List.copyOf(routes);
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Reads the file at {@code path}; no file, no routes.
     *
     * @throws RoutingFileException if it exists but cannot be read, or a line is malformed
     */
    public static PrefixRoutesFile read(Path path) throws RoutingFileException {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException e) {
            throw RoutingFileException.unreadable(path.toString(), e);
        }
        return parse(path.toString(), text);
    }

    /**
     * Parses {@code text} as the content of a file named {@code source}.
     *
     * @throws RoutingFileException if a line is malformed
     */
    public static PrefixRoutesFile parse(String source, String text) throws RoutingFileException {
        List<Route> routes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            String[] tokens = (hash < 0 ? line : line.substring(0, hash)).strip().split("[ \t\r]+");
            if (tokens.length == 1 && tokens[0].isEmpty()) {
                continue;
            }
            if (tokens.length < 2) {
                throw RoutingFileException.at(source, i + 1, "a subnet prefix and a router port GUID",
                        "only '" + tokens[0] + "'");
            }
            if (tokens.length > 2) {
                warnings.add(source + ":" + (i + 1) + ": tokens after the router port GUID ignored: '" + tokens[2]
                        + "'");
            }
            routes.add(new Route(hexOrAny(tokens[0], "a subnet prefix", source, i + 1),
                    hexOrAny(tokens[1], "a router port GUID", source, i + 1)));
        }
        return new PrefixRoutesFile(routes, warnings);
    }

    private static long hexOrAny(String token, String what, String source, int line) throws RoutingFileException {
        if (token.equals("*")) {
            return 0;
        }
        try {
            return CNumber.parseUnsigned(token, CNumber.Base.HEX, 16);
        } catch (NumberFormatException e) {
            throw RoutingFileException.at(source, line, what + " (hex, 0x optional, or *)", "'" + token + "'");
        }
    }

    /** The routes in file order. */
    public List<Route> routes() {
        return routes;
    }

    /** What the reader ignored, one line each for the log ({@code file:line: ...}). */
    public List<String> warnings() {
        return warnings;
    }

    /** The first route for {@code prefix}, or null if none matches. */
    public Route routeFor(long prefix) {
        for (Route r : routes) {
            if (r.prefix() == 0 || r.prefix() == prefix) {
                return r;
            }
        }
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PrefixRoutesFile f && routes.equals(f.routes);
    }

    @Override
    public int hashCode() {
        return routes.hashCode();
    }

    @Override
    public String toString() {
        return "PrefixRoutesFile" + routes;
    }
}
