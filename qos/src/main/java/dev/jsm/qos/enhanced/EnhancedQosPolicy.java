package dev.jsm.qos.enhanced;

import dev.jsm.subnet.Guid;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An enhanced QoS policy (NVIDIA's {@code enhanced_qos_policy_file}, docs/enhanced-qos.md) as parsed: the named
 * bandwidths, the rules of physical CA ports ({@code BW_RULES}) and of virtual ports ({@code VPORT_BW_RULES}) by GUID,
 * and each section's {@code default} rule; and what follows from them, the 16 per-SL rate limits each port and vport
 * should hold.
 *
 * <p>A port's limit on an SL is its own rule's if that names the SL, else the default rule's if that names it, else 0
 * (unlimited). For vport 0 (the physical function, whose GUID is its port's) with
 * {@code enhanced_qos_vport0_unlimit_default_rl} TRUE the default rule does not apply: an SL its own rule does not name
 * is unlimited, and so is every SL of a vport 0 the section does not name.
 *
 * <p>Immutable; safe to share.
 */
public final class EnhancedQosPolicy {

    private final String source;
    private final Map<String, Integer> bandwidths;
    private final Map<Long, SlRateRule> portRules;
    private final SlRateRule portDefault;
    private final Map<Long, SlRateRule> vportRules;
    private final SlRateRule vportDefault;

    EnhancedQosPolicy(String source, Map<String, Integer> bandwidths, Map<Long, SlRateRule> portRules,
                      SlRateRule portDefault, Map<Long, SlRateRule> vportRules, SlRateRule vportDefault) {
        this.source = source;
        this.bandwidths = Collections.unmodifiableMap(new LinkedHashMap<>(bandwidths));
        this.portRules = Collections.unmodifiableMap(new LinkedHashMap<>(portRules));
        this.portDefault = portDefault;
        this.vportRules = Collections.unmodifiableMap(new LinkedHashMap<>(vportRules));
        this.vportDefault = vportDefault;
    }

    /** The file the policy was read from. */
    public String source() {
        return source;
    }

    /** The named bandwidths in Mb/s, in file order. */
    public Map<String, Integer> bandwidths() {
        return bandwidths;
    }

    /** The {@code BW_RULES} rules by port GUID, in file order. */
    public Map<Long, SlRateRule> portRules() {
        return portRules;
    }

    /** The {@code BW_RULES} default rule, or {@code null}. */
    public SlRateRule portDefault() {
        return portDefault;
    }

    /** The {@code VPORT_BW_RULES} rules by vport GUID, in file order. */
    public Map<Long, SlRateRule> vportRules() {
        return vportRules;
    }

    /** The {@code VPORT_BW_RULES} default rule, or {@code null}. */
    public SlRateRule vportDefault() {
        return vportDefault;
    }

    /** The 16 rate limits (Mb/s, 0 unlimited, SL 0 first) the physical CA port {@code portGuid} should hold. */
    public int[] portLimits(long portGuid) {
        return merge(portRules.get(portGuid), portDefault);
    }

    /**
     * The 16 rate limits the virtual port {@code vportGuid} should hold.
     *
     * @param vport0 whether it is a vport 0 (the physical function; its GUID is its port's)
     * @param vport0Unlimited {@code enhanced_qos_vport0_unlimit_default_rl}
     */
    public int[] vportLimits(long vportGuid, boolean vport0, boolean vport0Unlimited) {
        return merge(vportRules.get(vportGuid), vport0 && vport0Unlimited ? null : vportDefault);
    }

    private static int[] merge(SlRateRule own, SlRateRule fallback) {
        int[] out = new int[SlRateRule.SLS];
        for (int sl = 0; sl < out.length; sl++) {
            out[sl] = own != null && own.names(sl) ? own.limit(sl) : fallback != null ? fallback.limit(sl) : 0;
        }
        return out;
    }

    /**
     * The policy as text for the dump files: the bandwidths, then each rule as {@code <section> <GUID|default>
     * sl:Mb/s, ...}, one a line.
     */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        bandwidths.forEach((name, mbps) -> sb.append("BW_NAMES ").append(name).append(" = ").append(mbps)
                .append('\n'));
        rules(sb, "BW_RULES", portDefault, portRules);
        rules(sb, "VPORT_BW_RULES", vportDefault, vportRules);
        return sb.toString();
    }

    private static void rules(StringBuilder sb, String section, SlRateRule dflt, Map<Long, SlRateRule> rules) {
        if (dflt != null) {
            sb.append(section).append(" default ").append(dflt).append('\n');
        }
        rules.forEach((guid, r) -> sb.append(section).append(' ').append(Guid.toString(guid)).append(' ').append(r)
                .append('\n'));
    }

    /** {@code enhanced QoS policy file (3 bandwidths, 2 port rules, 1 vport rules)}. */
    @Override
    public String toString() {
        return "enhanced QoS policy " + source + " (" + bandwidths.size() + " bandwidths, "
                + (portRules.size() + (portDefault == null ? 0 : 1)) + " port rules, "
                + (vportRules.size() + (vportDefault == null ? 0 : 1)) + " vport rules)";
    }
}
