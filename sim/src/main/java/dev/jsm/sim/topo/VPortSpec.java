package dev.jsm.sim.topo;

import java.util.Locale;

/**
 * The virtual ports of every port of one CA ({@code docs/virtualization.md}): vport 0, the physical function, plus
 * {@code vports} virtual functions numbered 1..{@code vports}, each the one port of a virtual machine; and which of
 * them need a LID of their own. A CA with a spec supports virtualization (and per-SL rate limits) even with
 * {@code vports} 0.
 *
 * <p>GUIDs are derived from the physical port's: vport {@code i >= 1} of a port with GUID {@code G} has
 * {@code (G & 0x0000ffffffffffff) | (0x8000 | i) << 48}, its virtual node {@code ... (0x4000 | i) << 48}; vport 0 has
 * the port GUID and its node is the physical node.
 *
 * <p>Immutable; safe to share.
 *
 * @param vports number of virtual functions per port, 0..{@link #MAX_VPORTS}
 * @param lids which virtual functions need a LID of their own
 */
public record VPortSpec(int vports, Lids lids) {

    /** Most virtual functions a port may have here (two VPortState blocks). */
    public static final int MAX_VPORTS = 255;

    private static final long LOW_48 = 0x0000_FFFF_FFFF_FFFFL;
    private static final int VPORT_MARK = 0x8000;
    private static final int VNODE_MARK = 0x4000;

    /** Which virtual functions need a LID of their own; the others use vport 0's (the physical port's). */
    public enum Lids {
        /** Every virtual function. */
        ALL,
        /** The odd-numbered ones. */
        HALF,
        /** None. */
        NONE;

        /** The keyword of shapes and net files: {@code all}, {@code half}, {@code none}. */
        public String keyword() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The value of a keyword.
         *
         * @throws IllegalArgumentException naming the keywords if {@code keyword} is none of them
         */
        public static Lids of(String keyword) {
            for (Lids l : values()) {
                if (l.keyword().equals(keyword)) {
                    return l;
                }
            }
            throw new IllegalArgumentException("expected vport-lids all, half or none, found '" + keyword + "'");
        }
    }

    /**
     * @throws IllegalArgumentException if {@code vports} is outside 0..{@link #MAX_VPORTS}
     */
    public VPortSpec {
        if (vports < 0 || vports > MAX_VPORTS) {
            throw new IllegalArgumentException("vports " + vports + " outside 0.." + MAX_VPORTS);
        }
        if (lids == null) {
            throw new IllegalArgumentException("vport-lids missing");
        }
    }

    /** Whether vport {@code index} needs a LID of its own (never vport 0, which has the physical port's). */
    public boolean needsOwnLid(int index) {
        return index > 0 && (lids == Lids.ALL || (lids == Lids.HALF && index % 2 == 1));
    }

    /** The GUID of vport {@code index} of the port whose GUID is {@code portGuid}. */
    public static long vportGuid(long portGuid, int index) {
        return index == 0 ? portGuid : derived(portGuid, VPORT_MARK | index);
    }

    /** The GUID of the virtual node of vport {@code index >= 1} of the port whose GUID is {@code portGuid}. */
    public static long vnodeGuid(long portGuid, int index) {
        return derived(portGuid, VNODE_MARK | index);
    }

    /** The spec in the form shapes and net files write it: {@code vports=N vport-lids=K} joined by {@code sep}. */
    public String text(String sep) {
        return "vports=" + vports + sep + "vport-lids=" + lids.keyword();
    }

    private static long derived(long portGuid, int mark) {
        return (portGuid & LOW_48) | ((long) mark << 48);
    }
}
