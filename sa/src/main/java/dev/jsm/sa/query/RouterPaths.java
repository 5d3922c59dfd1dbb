package dev.jsm.sa.query;

import dev.jsm.routing.fileformat.PrefixRoutesFile;
import java.util.Objects;

/**
 * What the SA answers for a PathRecord whose DGID is behind a router (docs/routers.md): a DGID that is neither
 * link-local, nor multicast, nor of {@code subnetPrefix} is off the subnet; {@code routes} says which router port
 * reaches its prefix, and the path is the path to that port with the requested DGID, HopLimit 255, and the router
 * path values of NVIDIA's OpenSM: FlowLabel, TClass and SL as given (the SL only where the routing engine imposes
 * none), MTU and rate at most the given ones (the part of the path behind the router is as fast as they say).
 *
 * <p>Immutable; safe to share.
 *
 * @param subnetPrefix this subnet's GID prefix ({@code subnet_prefix})
 * @param routes which router port for which prefix ({@code prefix_routes_file})
 * @param flowLabel FlowLabel of router paths ({@code rtr_pr_flow_label})
 * @param tClass TClass of router paths ({@code rtr_pr_tclass})
 * @param sl SL of router paths ({@code rtr_pr_sl})
 * @param mtu largest MTU code of router paths ({@code rtr_pr_mtu})
 * @param rate largest rate code of router paths ({@code rtr_pr_rate})
 * @param caAliasGuids whether the SA gives every CA port an alias GUID at GUIDInfo index 1, for hosts reached from
 *     behind a router ({@code rtr_aguid_enable})
 */
public record RouterPaths(long subnetPrefix, PrefixRoutesFile routes, int flowLabel, int tClass, int sl, int mtu,
                          int rate, boolean caAliasGuids) {

    /** OpenSM's default subnet prefix. */
    public static final long DEFAULT_SUBNET_PREFIX = 0xFE80_0000_0000_0000L;
    /**
     * No prefix routes (off-subnet DGIDs are refused), NVIDIA's defaults (0, 0, 0, 2048 bytes, 100 Gb/s) and no
     * alias GUIDs of the SA's own.
     */
    public static final RouterPaths NONE =
            new RouterPaths(DEFAULT_SUBNET_PREFIX, PrefixRoutesFile.NONE, 0, 0, 0, 4, 16, false);

    /** Checks for null. */
    public RouterPaths {
        Objects.requireNonNull(routes, "routes");
    }

    /** Whether {@code prefix} (of a unicast GID) is off this subnet: neither link-local nor this subnet's. */
    public boolean offSubnet(long prefix) {
        boolean linkLocal = (prefix >>> 48 & 0xFFC0) == 0xFE80;
        return !linkLocal && prefix != subnetPrefix;
    }
}
