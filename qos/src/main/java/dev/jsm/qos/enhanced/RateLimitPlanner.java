package dev.jsm.qos.enhanced;

import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.VPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the per-SL rate limits an {@link EnhancedQosPolicy} gives every CA port and virtual port into the wanted
 * content of their QoSConfigSL tables in the model ({@link PhysPort#rateLimitTable()}, {@link VPort#rateLimitTable()}),
 * for the ports whose node has the capability (docs/enhanced-qos.md: GeneralInfo CapabilityMask bit 24
 * IsQoSConfigSLRateLimitSupported for ports, bit 25 IsQoSConfigSLVPortRateLimitSupported for vports). Which blocks
 * differ from what the ports hold, and the Sets that carry them, are the daemon's business: a HUP with an edited file
 * sends only the tables that change.
 *
 * <p>QoSConfigSL layout: 16 big-endian 32-bit entries, SL 0 first; bits 19:0 RateLimit in Mb/s (0 unlimited), bits
 * 31:20 BandwidthShare, written 0 (rate limit only), as NVIDIA's SM writes it.
 *
 * <p>Confined to the sweep thread (reads the mutable {@link Subnet} and writes its ports' tables).
 */
public final class RateLimitPlanner {

    /** GeneralInfo capability: QoSConfigSL rate limits of the physical port. */
    public static final int CAP_RATE_LIMIT = 24;
    /** GeneralInfo capability: QoSConfigSL rate limits of virtual ports. */
    public static final int CAP_VPORT_RATE_LIMIT = 25;
    /** Bytes of a QoSConfigSL payload. */
    public static final int BLOCK_BYTES = 64;

    private RateLimitPlanner() {
    }

    /**
     * The limits one port or vport should hold.
     *
     * @param what {@code port 0x...} or {@code vport 0x... (0x.../3)}, for dumps and logs
     * @param guid the port's or vport's GUID
     * @param table the model table whose wanted content was set
     * @param limits the 16 limits in Mb/s, SL 0 first
     */
    public record Planned(String what, long guid, BlockTable table, int[] limits) {

        /** Whether what the port is known to hold differs (unknown counts as differing): a Set is due. */
        public boolean differs() {
            return table.blockDiffers(0);
        }
    }

    /**
     * What one pass planned.
     *
     * @param ports the CA ports with the capability, in GUID order
     * @param vports their vports, if their node has the vport capability, in port GUID then index order
     * @param withoutCapability CA ports (and vports) left alone because their node lacks the capability
     */
    public record Plan(List<Planned> ports, List<Planned> vports, int withoutCapability) {

        /** Copies the lists. */
        public Plan {
            ports = List.copyOf(ports);
            vports = List.copyOf(vports);
        }
    }

    /**
     * Plans the rate limits of every CA port and vport of {@code subnet} under {@code policy}.
     *
     * @param vport0Unlimited {@code enhanced_qos_vport0_unlimit_default_rl}
     */
    public static Plan plan(Subnet subnet, EnhancedQosPolicy policy, boolean vport0Unlimited) {
        List<EndPort> cas = new ArrayList<>();
        for (EndPort ep : subnet.endPorts()) {
            if (ep.node().kind() == NodeKind.CA) {
                cas.add(ep);
            }
        }
        cas.sort((a, b) -> Guid.compare(a.portGuid(), b.portGuid()));
        List<Planned> ports = new ArrayList<>();
        List<Planned> vports = new ArrayList<>();
        int without = 0;
        byte[] block = new byte[BLOCK_BYTES];
        for (EndPort ep : cas) {
            if (!ep.node().hasGeneralCapability(CAP_RATE_LIMIT)) {
                without++;
            } else {
                int[] limits = policy.portLimits(ep.portGuid());
                BlockTable t = ep.physPort().rateLimitTable();
                encode(limits, block, 0);
                t.setWanted(0, block, 0);
                ports.add(new Planned(ep.toString(), ep.portGuid(), t, limits));
            }
            for (VPort v : ep.vports()) {
                if (!ep.node().hasGeneralCapability(CAP_VPORT_RATE_LIMIT)) {
                    without++;
                    continue;
                }
                int[] limits = policy.vportLimits(v.guid(), v.index() == 0, vport0Unlimited);
                BlockTable t = v.rateLimitTable();
                encode(limits, block, 0);
                t.setWanted(0, block, 0);
                vports.add(new Planned(v.toString(), v.guid(), t, limits));
            }
        }
        return new Plan(ports, vports, without);
    }

    /** Writes 16 limits as a QoSConfigSL payload at {@code dst[off..off+63]} (BandwidthShare 0). */
    public static void encode(int[] limits, byte[] dst, int off) {
        for (int sl = 0; sl < SlRateRule.SLS; sl++) {
            int v = limits[sl] & EnhancedQosParser.MAX_MBPS;
            dst[off + 4 * sl] = (byte) (v >>> 24);
            dst[off + 4 * sl + 1] = (byte) (v >>> 16);
            dst[off + 4 * sl + 2] = (byte) (v >>> 8);
            dst[off + 4 * sl + 3] = (byte) v;
        }
    }

    /** The 16 RateLimit fields (Mb/s) of a QoSConfigSL payload at {@code src[off..off+63]}. */
    public static int[] decode(byte[] src, int off) {
        int[] out = new int[SlRateRule.SLS];
        for (int sl = 0; sl < out.length; sl++) {
            int v = (src[off + 4 * sl] & 0xFF) << 24 | (src[off + 4 * sl + 1] & 0xFF) << 16
                    | (src[off + 4 * sl + 2] & 0xFF) << 8 | src[off + 4 * sl + 3] & 0xFF;
            out[sl] = v & EnhancedQosParser.MAX_MBPS;
        }
        return out;
    }
}
