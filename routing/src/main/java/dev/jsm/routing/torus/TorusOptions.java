package dev.jsm.routing.torus;

import dev.jsm.routing.EngineOption;
import dev.jsm.routing.EngineOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The options torus-2QoS reads, parsed once when the engine is created: the configuration file
 * ({@code torus_config}, default {@code /etc/opensm/torus-2QoS.conf}, read again on every pass as OpenSM does), the
 * worker threads, and the warnings the options themselves deserve: torus-2QoS needs {@code qos} (-Q) to have its
 * SL2VL tables programmed, ignores any user {@code qos_*sl2vl} setting, and wants VL arbitration on inter-switch
 * links fair across VLs 0-3 and 4-7 ({@link VlArbFairness}).
 *
 * <p>Immutable; safe to share.
 *
 * @param config the {@code torus-2QoS.conf} path
 * @param threads worker threads for the LFT rows, at least 1
 * @param warnings remarks for the operator about the options
 */
public record TorusOptions(Path config, int threads, List<String> warnings) {

    /** OpenSM's option naming the configuration file. */
    public static final EngineOption<Optional<Path>> TORUS_CONFIG = EngineOption.file("torus_config");
    /** Its default. */
    public static final Path DEFAULT_CONFIG = Path.of("/etc/opensm/torus-2QoS.conf");
    /** The user SL2VL options torus-2QoS overrides. */
    public static final List<EngineOption<Optional<String>>> SL2VL_OPTIONS = List.of(
            EngineOption.text("qos_sl2vl"), EngineOption.text("qos_ca_sl2vl"), EngineOption.text("qos_rtr_sl2vl"),
            EngineOption.text("qos_sw0_sl2vl"), EngineOption.text("qos_swe_sl2vl"));

    /** Copies the list. */
    public TorusOptions {
        warnings = List.copyOf(warnings);
    }

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException naming the option, if one is malformed
     */
    public static TorusOptions from(EngineOptions options) {
        List<String> warnings = new ArrayList<>();
        if (!options.get(EngineOptions.QOS)) {
            warnings.add("torus-2QoS needs qos TRUE (-Q): without it the SL2VL tables that keep the torus free of "
                    + "credit loops are not programmed");
        } else {
            VlArbFairness.check(options, warnings);
        }
        for (EngineOption<Optional<String>> option : SL2VL_OPTIONS) {
            if (options.get(option).isPresent()) {
                warnings.add(option + " is ignored: torus-2QoS computes the SL2VL tables itself");
            }
        }
        return new TorusOptions(options.get(TORUS_CONFIG).orElse(DEFAULT_CONFIG), options.routingThreads(),
                warnings);
    }
}
