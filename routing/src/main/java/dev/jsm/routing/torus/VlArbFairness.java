package dev.jsm.routing.torus;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import java.util.List;
import java.util.Optional;

/**
 * The check torus-2QoS(8) asks for on inter-switch links: VL arbitration must treat VLs 0-3 (one QoS level) alike,
 * and VLs 4-7 (the other) alike, or traffic of one SL is starved by another of the same level. The tables checked
 * are the ones switch external ports get: {@code qos_swe_vlarb_high}/{@code _low} if set, else
 * {@code qos_vlarb_high}/{@code _low}, else OpenSM's built-in defaults (which are not fair, hence the man page's
 * advice to configure them). A table is {@code VL:weight,...}; a VL's weight is the sum of its entries.
 *
 * <p>Stateless; thread-safe.
 */
final class VlArbFairness {

    /** OpenSM's built-in {@code qos_vlarb_high}. */
    static final String DEFAULT_HIGH = "0:4,1:0,2:0,3:0,4:0,5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,13:0,14:0";
    /** OpenSM's built-in {@code qos_vlarb_low}. */
    static final String DEFAULT_LOW = "0:0,1:4,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,10:4,11:4,12:4,13:4,14:4";

    /** The tables of switch external ports: high, low. */
    private static final List<EngineOption<Optional<String>>> SWITCH_EXTERNAL =
            List.of(EngineOption.text("qos_swe_vlarb_high"), EngineOption.text("qos_swe_vlarb_low"));
    /** The tables of every port without its own: high, low. */
    private static final List<EngineOption<Optional<String>>> ANY_PORT =
            List.of(EngineOption.text("qos_vlarb_high"), EngineOption.text("qos_vlarb_low"));

    private VlArbFairness() {
    }

    /** Adds a warning to {@code warnings} for each unfair or unreadable table. */
    static void check(EngineOptions options, List<String> warnings) {
        for (int level = 0; level < 2; level++) {
            EngineOption<Optional<String>> swe = SWITCH_EXTERNAL.get(level);
            EngineOption<Optional<String>> any = ANY_PORT.get(level);
            Optional<String> v = options.get(swe);
            EngineOption<Optional<String>> name = swe;
            if (v.isEmpty()) {
                v = options.get(any);
                name = any;
            }
            String table = v.orElse(level == 0 ? DEFAULT_HIGH : DEFAULT_LOW);
            String source = v.isPresent() ? name.name() : "the default " + any;
            int[] weight = new int[16];
            if (!parse(table, weight)) {
                warnings.add(source + " '" + table + "' cannot be checked for torus-2QoS: expected VL:weight,...");
                continue;
            }
            for (int base = 0; base <= 4; base += 4) {
                if (weight[base] != weight[base + 1] || weight[base] != weight[base + 2]
                        || weight[base] != weight[base + 3]) {
                    warnings.add(source + " is not fair across VLs " + base + "-" + (base + 3) + " (weights "
                            + weight[base] + "," + weight[base + 1] + "," + weight[base + 2] + "," + weight[base + 3]
                            + "): torus-2QoS uses them for one QoS level on inter-switch links");
                }
            }
        }
    }

    private static boolean parse(String table, int[] weight) {
        for (String entry : table.split(",")) {
            String[] kv = entry.strip().split(":");
            if (kv.length != 2) {
                return false;
            }
            try {
                int vl = Integer.parseInt(kv[0].strip());
                int w = Integer.parseInt(kv[1].strip());
                if (vl < 0 || vl > 15 || w < 0 || w > 255) {
                    return false;
                }
                weight[vl] += w;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
