package dev.jsm.sim.topo;

/**
 * A port's link fields as another fabric's port reported them in PortInfo, for a simulated copy of that fabric (the
 * daemon's plan of a HUP on the live fabric): LinkWidth, LinkSpeed, LinkSpeedExt and LinkSpeedExt2 each Supported,
 * Enabled and Active, as bit masks. The copy's port supports and enables exactly these, and its link trains at the
 * copied active width and speeds while both ends still enable them (so a link that ran narrower or slower than its
 * ends allow still does), else at the best both ends enable. FDR10 (Mellanox's ExtendedPortInfo) is not copied.
 *
 * <p>Immutable.
 */
public record PortLink(int widthSupported, int widthEnabled, int widthActive, int speedSupported, int speedEnabled,
                       int speedActive, int extSupported, int extEnabled, int extActive, int ext2Supported,
                       int ext2Enabled, int ext2Active) {
}
