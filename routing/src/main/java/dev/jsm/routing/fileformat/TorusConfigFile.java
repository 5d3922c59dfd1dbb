package dev.jsm.routing.fileformat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * OpenSM's {@code torus-2QoS.conf} ({@code torus_config}, default {@code /etc/opensm/torus-2QoS.conf}), the
 * configuration of the torus-2QoS routing engine (torus-2QoS.conf(5)):
 * <pre>
 * torus|mesh  x_radix[m|M|t|T] y_radix[m|M|t|T] z_radix[m|M|t|T]   (first keyword; a radix of 1 makes it 2D)
 * xp_link|xm_link|yp_link|ym_link|zp_link|zm_link  sw0_GUID sw1_GUID   (seed links, one "from" switch per seed)
 * x_dateline|y_dateline|z_dateline  position                          (moves this seed's origin)
 * next_seed                                                            (the following keywords form a new seed)
 * portgroup_max_ports  max_ports                                       (default 16; the last one counts)
 * port_order  p1 p2 ...                                                (duplicates ignored)
 * max_changes  max                                                     (default 32)
 * </pre>
 * {@code #} starts a comment; tokens after those a keyword reads are ignored, as OpenSM does. Stricter than OpenSM:
 * an unknown keyword, a malformed number, a seed whose links name two "from" switches, a seed without links, or
 * fewer than two dimensions of radix above 1 are errors with {@code file:line}.
 *
 * <p>Immutable; safe to share.
 */
public final class TorusConfigFile {

    /** Default {@code portgroup_max_ports}. */
    public static final int DEFAULT_PORTGROUP_MAX_PORTS = 16;
    /** Default {@code max_changes}. */
    public static final int DEFAULT_MAX_CHANGES = 32;
    /** The link keywords, indexed by direction {@code 2 * dimension + (minus ? 1 : 0)}. */
    public static final List<String> LINK_KEYWORDS =
            List.of("xp_link", "xm_link", "yp_link", "ym_link", "zp_link", "zm_link");
    private static final List<String> DATELINE_KEYWORDS = List.of("x_dateline", "y_dateline", "z_dateline");
    private static final String KEYWORDS = "torus, mesh, xp_link, xm_link, yp_link, ym_link, zp_link, zm_link, "
            + "x_dateline, y_dateline, z_dateline, next_seed, portgroup_max_ports, port_order or max_changes";

    /**
     * One seed: the common "from" switch, the switch its link in each direction reaches (0 where not given), and the
     * dateline positions.
     *
     * @param from node GUID of the seed's common switch
     * @param linkTo per direction ({@code 2 * dimension + (minus ? 1 : 0)}) the node GUID reached, 0 if not given
     * @param dateline per dimension the {@code x/y/z_dateline} position (0 if not given)
     * @param line the 1-based line where the seed's first keyword is
     */
    public record Seed(long from, long[] linkTo, int[] dateline, int line) {
        /** Copies the arrays. */
        public Seed {
            linkTo = linkTo.clone();
            dateline = dateline.clone();
        }

        /** Node GUID reached in direction {@code dir}, 0 if the seed does not give that link. */
        public long link(int dir) {
            return linkTo[dir];
        }

        /** The dateline position of dimension {@code d}. */
        public int dateline(int d) {
            return dateline[d];
        }
    }

    private final String source;
    private final int[] radix;
    private final boolean[] torus;
    private final List<Seed> seeds;
    private final int portgroupMaxPorts;
    private final int[] portOrder;
    private final int maxChanges;

    private TorusConfigFile(String source, int[] radix, boolean[] torus, List<Seed> seeds, int portgroupMaxPorts,
                            int[] portOrder, int maxChanges) {
        this.source = source;
        this.radix = radix;
        this.torus = torus;
        this.seeds = List.copyOf(seeds);
        this.portgroupMaxPorts = portgroupMaxPorts;
        this.portOrder = portOrder;
        this.maxChanges = maxChanges;
    }

    /**
     * Reads the file at {@code path}.
     *
     * @throws RoutingFileException if it cannot be read or is malformed
     */
    public static TorusConfigFile read(Path path) throws RoutingFileException {
        return of(SourceLines.read(path));
    }

    /** Parses {@code text} as the content of a file named {@code source}. */
    public static TorusConfigFile parse(String source, String text) throws RoutingFileException {
        return of(SourceLines.of(source, text));
    }

    private static TorusConfigFile of(SourceLines text) throws RoutingFileException {
        String source = text.source();
        List<FileLine> lines = FileLine.of(text);
        if (lines.isEmpty()) {
            throw RoutingFileException.at(source, 1, "torus or mesh and three radices", "an empty file");
        }
        FileLine first = lines.get(0);
        String kind = first.token(0);
        if (!kind.equals("torus") && !kind.equals("mesh")) {
            throw first.error("torus or mesh as the first keyword", "'" + kind + "'");
        }
        first.expectTokens(4, Integer.MAX_VALUE, kind + " x_radix y_radix z_radix");
        int[] radix = new int[3];
        boolean[] wrap = new boolean[3];
        int above1 = 0;
        for (int d = 0; d < 3; d++) {
            String t = first.token(d + 1);
            char last = t.charAt(t.length() - 1);
            boolean suffix = "mMtT".indexOf(last) >= 0;
            String digits = suffix ? t.substring(0, t.length() - 1) : t;
            if (digits.isEmpty() || digits.length() > 3 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(digits) < 1 || Integer.parseInt(digits) > 255) {
                throw first.error("a radix 1..255 with an optional m, M, t or T suffix", "'" + t + "'");
            }
            radix[d] = Integer.parseInt(digits);
            wrap[d] = suffix ? (last == 't' || last == 'T') : kind.equals("torus");
            above1 += radix[d] > 1 ? 1 : 0;
        }
        if (above1 < 2) {
            throw first.error("at least two dimensions of radix above 1 (a 2D or 3D torus)",
                    "'" + String.join(" ", first.token(1), first.token(2), first.token(3)) + "'");
        }
        SeedBuilder seed = new SeedBuilder();
        List<Seed> seeds = new ArrayList<>();
        int maxPorts = DEFAULT_PORTGROUP_MAX_PORTS;
        int maxChanges = DEFAULT_MAX_CHANGES;
        List<Integer> order = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            FileLine line = lines.get(i);
            String key = line.token(0).toLowerCase(Locale.ROOT);
            int dir = LINK_KEYWORDS.indexOf(key);
            int dateline = DATELINE_KEYWORDS.indexOf(key);
            if (dir >= 0) {
                line.expectTokens(3, Integer.MAX_VALUE, key + " sw0_GUID sw1_GUID");
                seed.link(line, dir, line.guid(1), line.guid(2));
            } else if (dateline >= 0) {
                line.expectTokens(2, Integer.MAX_VALUE, key + " position");
                seed.dateline(line, dateline, signed(line, 1));
            } else if (key.equals("next_seed")) {
                seed.finish(seeds, source);
                seed = new SeedBuilder();
                seed.firstLine = line.number();
            } else if (key.equals("portgroup_max_ports")) {
                line.expectTokens(2, Integer.MAX_VALUE, "portgroup_max_ports max_ports");
                maxPorts = (int) line.number(1, 1, 255, "a port count");
            } else if (key.equals("max_changes")) {
                line.expectTokens(2, Integer.MAX_VALUE, "max_changes max");
                maxChanges = (int) line.number(1, 0, Integer.MAX_VALUE, "a count");
            } else if (key.equals("port_order")) {
                for (int k = 1; k < line.size(); k++) {
                    int p = (int) line.number(k, 0, 254, "a port number");
                    if (!order.contains(p)) {
                        order.add(p);
                    }
                }
            } else if (key.equals("torus") || key.equals("mesh")) {
                throw line.error("torus or mesh only as the first keyword", "'" + line.token(0) + "' again");
            } else {
                throw line.error("a keyword (" + KEYWORDS + ")", "'" + line.token(0) + "'");
            }
        }
        seed.finish(seeds, source);
        int[] portOrder = new int[order.size()];
        for (int k = 0; k < portOrder.length; k++) {
            portOrder[k] = order.get(k);
        }
        return new TorusConfigFile(source, radix, wrap, seeds, maxPorts, portOrder, maxChanges);
    }

    private static int signed(FileLine line, int i) throws RoutingFileException {
        String t = line.token(i);
        boolean neg = t.startsWith("-");
        String digits = neg || t.startsWith("+") ? t.substring(1) : t;
        if (digits.isEmpty() || digits.length() > 4 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw line.error("a signed decimal position", "'" + t + "'");
        }
        int v = Integer.parseInt(digits);
        return neg ? -v : v;
    }

    /** The seed being read. */
    private static final class SeedBuilder {
        private long from;
        private final long[] linkTo = new long[6];
        private final int[] dateline = new int[3];
        private int firstLine;
        private boolean any;

        void link(FileLine line, int dir, long sw0, long sw1) throws RoutingFileException {
            if (from != 0 && from != sw0) {
                throw line.error("the seed's \"from\" switch " + GuidLines.hex(from) + " (all link keywords of a "
                        + "seed share it)", GuidLines.hex(sw0));
            }
            if (sw0 == sw1) {
                throw line.error("two different switches", GuidLines.hex(sw0) + " twice");
            }
            if (linkTo[dir] != 0 && linkTo[dir] != sw1) {
                throw line.error("one " + LINK_KEYWORDS.get(dir) + " per seed", "a second one");
            }
            mark(line);
            from = sw0;
            linkTo[dir] = sw1;
        }

        void dateline(FileLine line, int d, int position) {
            mark(line);
            dateline[d] = position;
        }

        private void mark(FileLine line) {
            if (firstLine == 0) {
                firstLine = line.number();
            }
            any = true;
        }

        void finish(List<Seed> seeds, String source) throws RoutingFileException {
            if (!any && firstLine == 0) {
                return;
            }
            if (from == 0) {
                throw RoutingFileException.at(source, firstLine, "seed link keywords (xp_link ... zm_link) in this "
                        + "seed", "none");
            }
            seeds.add(new Seed(from, linkTo, dateline, firstLine));
        }
    }

    /** The file name as given, for messages. */
    public String source() {
        return source;
    }

    /** The configured radix of dimension {@code d} (0 = x, 1 = y, 2 = z); 1 means the dimension is not used. */
    public int radix(int d) {
        return radix[d];
    }

    /** Whether dimension {@code d} wraps around (torus) rather than ending (mesh). */
    public boolean isTorus(int d) {
        return torus[d];
    }

    /** The seeds in file order (at least one unless the file has no link keyword at all). */
    public List<Seed> seeds() {
        return seeds;
    }

    /** {@code portgroup_max_ports}: most parallel links per neighbour, and most host ports per switch. */
    public int portgroupMaxPorts() {
        return portgroupMaxPorts;
    }

    /** {@code port_order}: the order end ports of a destination switch are visited in (a copy; may be empty). */
    public int[] portOrder() {
        return portOrder.clone();
    }

    /** {@code max_changes}: most torus changes reported per pass. */
    public int maxChanges() {
        return maxChanges;
    }

    /** {@code TorusConfigFile[source, torus 6t 5t 1t, 1 seed]}. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("TorusConfigFile[").append(source).append(',');
        for (int d = 0; d < 3; d++) {
            b.append(' ').append(radix[d]).append(torus[d] ? 't' : 'm');
        }
        return b.append(", ").append(seeds.size()).append(seeds.size() == 1 ? " seed, " : " seeds, ")
                .append("port_order ").append(Arrays.toString(portOrder)).append(']').toString();
    }
}
