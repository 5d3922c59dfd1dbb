package dev.jsm.sim;

import dev.jsm.mad.smp.PortInfo;
import dev.jsm.sim.topo.LinkSpeed;
import dev.jsm.sim.topo.LinkWidth;
import dev.jsm.sim.topo.PortLink;
import dev.jsm.sim.topo.PortOptions;

/**
 * What a port's width, speed and alias GUIDs ({@link PortOptions}) make of its power-on state
 * ({@code docs/link-speeds.md}): LinkWidthSupported and Enabled the widths up to the port's; LinkSpeedSupported,
 * LinkSpeedExtSupported and LinkSpeedExtSupported2 the speeds up to the port's ({@link LinkSpeed}), each Enabled the
 * same; CapabilityMask IsExtendedSpeedsSupported from FDR up and IsCapabilityMask2Supported; CapabilityMask2's HDR,
 * NDR, ExtendedSpeeds2 and XDR bits; ExtendedPortInfo's FDR10 bit supported and enabled from FDR10 up; GUIDInfo
 * holding the alias GUIDs (GUIDCap raised to fit them). A port without options keeps ibsim's defaults.
 *
 * <p>Stateless.
 */
final class PortSpeeds {

    private static final int CAP2_SPEEDS = PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED
            | PortInfo.CAP2_IS_LINK_SPEED_NDR_SUPPORTED | PortInfo.CAP2_IS_EXT_SPEEDS_2_SUPPORTED
            | PortInfo.CAP2_IS_LINK_SPEED_XDR_SUPPORTED;
    /** Offsets in a slot's ExtendedPortInfo bytes ({@link FabricState#mlnxExtPortInfo}). */
    static final int MLNX_SUPPORTED = 1;
    static final int MLNX_ENABLED = 2;
    static final int MLNX_ACTIVE = 3;

    private PortSpeeds() {
    }

    /**
     * Writes the port's width and speed into its PortInfo image at {@code off} and its ExtendedPortInfo bytes at
     * {@code mlnxOff}.
     *
     * @return whether the port reports extended speeds only to an SM that sets SMSupportExtendedSpeeds
     */
    static boolean apply(PortOptions.Port o, byte[] pi, int off, byte[] mlnx, int mlnxOff) {
        if (o.link() != null) {
            return copy(o.link(), pi, off, mlnx, mlnxOff);
        }
        LinkWidth w = o.width();
        if (w != null) {
            PortInfo.LINK_WIDTH_SUPPORTED.put(pi, off, w.supportedMask());
            PortInfo.LINK_WIDTH_ENABLED.put(pi, off, w.supportedMask());
            PortInfo.LINK_WIDTH_ACTIVE.put(pi, off, w.bit());
        }
        LinkSpeed s = o.speed();
        for (int i = 0; i < FabricState.MLNX_EXT_PORT_INFO_SIZE; i++) {
            mlnx[mlnxOff + i] = 0;
        }
        if (s == null) {
            return false;
        }
        PortInfo.LINK_SPEED_SUPPORTED.put(pi, off, s.legacyMask());
        PortInfo.LINK_SPEED_ENABLED.put(pi, off, s.legacyMask());
        PortInfo.LINK_SPEED_EXT_SUPPORTED.put(pi, off, s.extendedMask());
        PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, off, s.extendedMask());
        PortInfo.LINK_SPEED_EXT_SUPPORTED2.put(pi, off, s.extended2Mask());
        PortInfo.LINK_SPEED_EXT_ENABLED2.put(pi, off, s.extended2Mask());
        long cap = PortInfo.CAPABILITY_MASK.getLong(pi, off) | PortInfo.CAP_IS_CAP_MASK2_SUPPORTED;
        cap = s.extended() ? cap | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED
                : cap & ~PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;
        PortInfo.CAPABILITY_MASK.put(pi, off, cap);
        int cap2 = PortInfo.CAPABILITY_MASK2.getInt(pi, off) & ~CAP2_SPEEDS;
        if (s.compareTo(LinkSpeed.HDR) >= 0) {
            cap2 |= PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED;
        }
        if (s.compareTo(LinkSpeed.NDR) >= 0) {
            cap2 |= PortInfo.CAP2_IS_LINK_SPEED_NDR_SUPPORTED;
        }
        if (s == LinkSpeed.XDR) {
            cap2 |= PortInfo.CAP2_IS_EXT_SPEEDS_2_SUPPORTED | PortInfo.CAP2_IS_LINK_SPEED_XDR_SUPPORTED;
        }
        PortInfo.CAPABILITY_MASK2.put(pi, off, cap2);
        int fdr10 = s.fdr10() ? 1 : 0;
        mlnx[mlnxOff + MLNX_SUPPORTED] = (byte) fdr10;
        mlnx[mlnxOff + MLNX_ENABLED] = (byte) fdr10;
        return s.needsExtendedSpeedsBit();
    }

    /**
     * Writes link fields copied from another fabric's port: each Supported and Enabled as copied, Active as copied
     * until the link trains ({@link LinkControl}), the capability bits of the extended speeds it supports, no FDR10.
     */
    private static boolean copy(PortLink l, byte[] pi, int off, byte[] mlnx, int mlnxOff) {
        PortInfo.LINK_WIDTH_SUPPORTED.put(pi, off, l.widthSupported());
        PortInfo.LINK_WIDTH_ENABLED.put(pi, off, l.widthEnabled());
        PortInfo.LINK_WIDTH_ACTIVE.put(pi, off, l.widthActive());
        PortInfo.LINK_SPEED_SUPPORTED.put(pi, off, l.speedSupported());
        PortInfo.LINK_SPEED_ENABLED.put(pi, off, l.speedEnabled());
        PortInfo.LINK_SPEED_ACTIVE.put(pi, off, l.speedActive());
        PortInfo.LINK_SPEED_EXT_SUPPORTED.put(pi, off, l.extSupported());
        PortInfo.LINK_SPEED_EXT_ENABLED.put(pi, off, l.extEnabled());
        PortInfo.LINK_SPEED_EXT_ACTIVE.put(pi, off, l.extActive());
        PortInfo.LINK_SPEED_EXT_SUPPORTED2.put(pi, off, l.ext2Supported());
        PortInfo.LINK_SPEED_EXT_ENABLED2.put(pi, off, l.ext2Enabled());
        PortInfo.LINK_SPEED_EXT_ACTIVE2.put(pi, off, l.ext2Active());
        long cap = PortInfo.CAPABILITY_MASK.getLong(pi, off) | PortInfo.CAP_IS_CAP_MASK2_SUPPORTED;
        cap = l.extSupported() != 0 ? cap | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED
                : cap & ~PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;
        PortInfo.CAPABILITY_MASK.put(pi, off, cap);
        int cap2 = PortInfo.CAPABILITY_MASK2.getInt(pi, off) & ~CAP2_SPEEDS;
        if ((l.extSupported() & 4) != 0) {
            cap2 |= PortInfo.CAP2_IS_LINK_SPEED_HDR_SUPPORTED;
        }
        if ((l.extSupported() & 8) != 0) {
            cap2 |= PortInfo.CAP2_IS_LINK_SPEED_NDR_SUPPORTED;
        }
        if (l.ext2Supported() != 0) {
            cap2 |= PortInfo.CAP2_IS_EXT_SPEEDS_2_SUPPORTED | PortInfo.CAP2_IS_LINK_SPEED_XDR_SUPPORTED;
        }
        PortInfo.CAPABILITY_MASK2.put(pi, off, cap2);
        mlnx[mlnxOff + MLNX_SUPPORTED] = 0;
        mlnx[mlnxOff + MLNX_ENABLED] = 0;
        return (l.extSupported() & 8) != 0 || l.ext2Supported() != 0;
    }

    /**
     * The port's GUIDInfo table holding its alias GUIDs at indexes 1.. (GUIDCap in the image raised to a whole number
     * of blocks that fits them), or null when it has none.
     */
    static long[] aliasTable(PortOptions.Port o, byte[] pi, int off) {
        long[] aliases = o.aliasGuids();
        if (aliases.length == 0) {
            return null;
        }
        int cap = Math.max(PortInfo.GUID_CAP.getInt(pi, off), (aliases.length + 1 + 7) / 8 * 8);
        cap = Math.min(cap, 255);
        PortInfo.GUID_CAP.put(pi, off, cap);
        long[] t = new long[cap];
        System.arraycopy(aliases, 0, t, 1, aliases.length);
        return t;
    }
}
