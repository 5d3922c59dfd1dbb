package dev.jsm.sim.topo;

/**
 * The link widths a simulated port can have, narrowest first, with their PortInfo bit (1x 1, 2x 16, 4x 2, 8x 4,
 * 12x 8). A port supports its own width and every narrower one ({@link #supportedMask()}).
 */
public enum LinkWidth {
    X1(1, 1), X2(2, 16), X4(4, 2), X8(8, 4), X12(12, 8);

    private final int lanes;
    private final int bit;

    LinkWidth(int lanes, int bit) {
        this.lanes = lanes;
        this.bit = bit;
    }

    /** Number of lanes. */
    public int lanes() {
        return lanes;
    }

    /** The LinkWidth bit of this width. */
    public int bit() {
        return bit;
    }

    /** LinkWidthSupported of a port this wide: this width and every narrower one. */
    public int supportedMask() {
        int m = 0;
        for (LinkWidth w : values()) {
            if (w.lanes <= lanes) {
                m |= w.bit;
            }
        }
        return m;
    }

    /** The name in a net file or a shape: {@code 4x}. */
    public String text() {
        return lanes + "x";
    }

    /**
     * The width a net file or shape names ({@code 1x}, {@code 2x}, {@code 4x}, {@code 8x}, {@code 12x}).
     *
     * @throws IllegalArgumentException naming the known widths
     */
    public static LinkWidth of(String text) {
        for (LinkWidth w : values()) {
            if (w.text().equalsIgnoreCase(text)) {
                return w;
            }
        }
        throw new IllegalArgumentException("expected a link width (1x, 2x, 4x, 8x, 12x), found '" + text + "'");
    }

    /** The widest width whose bit is in {@code mask}, or null if none is. */
    public static LinkWidth widestIn(int mask) {
        LinkWidth best = null;
        for (LinkWidth w : values()) {
            if ((mask & w.bit) != 0) {
                best = w;
            }
        }
        return best;
    }
}
