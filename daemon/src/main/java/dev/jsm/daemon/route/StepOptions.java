package dev.jsm.daemon.route;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import dev.jsm.conf.ConfFile;
import dev.jsm.conf.ConfProblem;
import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.Option;
import dev.jsm.conf.OptionTable;
import dev.jsm.conf.QosOptions;
import dev.jsm.conf.RoutingOptions;
import dev.jsm.conf.SmOptions;
import dev.jsm.routing.EngineOptions;
import dev.jsm.subnet.portgroup.PolicyFileException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options of one routing chain step's engine (docs/reference/opensm-behaviour.md#routing-chains): the step's
 * own file, in {@code opensm.conf} format and read by conf's reader (so its values are checked like the main
 * file's, with {@code file:line} errors), over the main options, which fill in everything the step's file does not
 * set. Options that take effect only in the main file ({@code lmc}, {@code routing_engine}, {@code qos} and the
 * {@code qos_*} options, and the three policy files) are ignored there, with a warning.
 *
 * <p>Stateless.
 *
 * <p>In detail: docs/design/daemon.md#stepoptions.
 */
public final class StepOptions {

    /** Where the main options come from, as the origin of their values says. */
    static final String MAIN_ORIGIN = "the main configuration";

    private StepOptions() {
    }

    /**
     * A step's options.
     *
     * @param main the main options (file and command line)
     * @param file the step's own file
     * @param warnings receives the options ignored, each {@code file:line: ...}
     * @return the engine options, with which of them the step's file set
     * @throws IOException if the file cannot be read
     * @throws PolicyFileException if a value in it is malformed ({@code file:line: ...})
     */
    static Layered read(SmOptions main, Path file, List<String> warnings) throws IOException, PolicyFileException {
        ConfFile own = OpenSmConfReader.read(file);
        if (own.hasErrors()) {
            ConfProblem p = own.errors().get(0);
            throw new PolicyFileException(p.source(), p.line(), p.message());
        }
        own.warnings().forEach(w -> warnings.add(w.toString()));
        SmOptions ownValues = SmOptions.fromFile(own);
        Map<String, Object> values = new HashMap<>();
        for (Option<?> o : own.values().keySet()) {
            if (mainOnly(o)) {
                warnings.add(file + ": option '" + o.name() + "' takes effect only in the main configuration; "
                        + "ignored here");
            } else {
                values.put(o.name(), ownValues.get(o) == null ? null : ownValues.format(o));
            }
        }
        Config layered = ConfigFactory.parseMap(values, file.toString())
                .withFallback(ConfigFactory.parseMap(mainValues(main), MAIN_ORIGIN));
        Map<String, String> options = new TreeMap<>();
        List<String> fromStep = new ArrayList<>();
        for (Map.Entry<String, ConfigValue> e : layered.entrySet()) {
            options.put(e.getKey(), e.getValue().unwrapped().toString());
            if (!e.getValue().origin().description().startsWith(MAIN_ORIGIN)) {
                fromStep.add(e.getKey());
            }
        }
        fromStep.sort(null);
        return new Layered(EngineOptions.of(options), fromStep);
    }

    /** Whether {@code o} takes effect only in the main configuration file. */
    static boolean mainOnly(Option<?> o) {
        return o == DeviceOptions.LMC || o == RoutingOptions.ROUTING_ENGINE || o == QosOptions.QOS
                || o.name().startsWith("qos_") || o == RoutingOptions.PGRP_POLICY_FILE
                || o == RoutingOptions.TOPO_POLICY_FILE || o == RoutingOptions.RCH_POLICY_FILE;
    }

    /**
     * The main options as every engine reads them: every option that has a value, as text (the plain
     * {@code routing_engine} chain, the steps without a file of their own, route-only).
     */
    public static EngineOptions mainOptions(SmOptions main) {
        Map<String, String> m = new TreeMap<>();
        mainValues(main).forEach((k, v) -> m.put(k, v.toString()));
        return EngineOptions.of(m);
    }

    private static Map<String, Object> mainValues(SmOptions main) {
        Map<String, Object> m = new HashMap<>();
        for (Option<?> o : OptionTable.known()) {
            if (main.get(o) != null) {
                m.put(o.name(), main.format(o));
            }
        }
        return m;
    }

    /**
     * A step's options and where they came from.
     *
     * @param options what the engine reads
     * @param fromStepFile the names of the options the step's own file set, sorted
     */
    record Layered(EngineOptions options, List<String> fromStepFile) {
        Layered {
            fromStepFile = List.copyOf(fromStepFile);
        }
    }
}
