package dev.jsm.routing.chain;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configured routing engines in the order OpenSM's {@code routing_engine} option lists them
 * ({@code "ftree,updn"}, {@code "minhop"}, {@code "updn,no_fallback"}): {@link #route} tries them in order and the
 * first that returns {@link RouteOutcome.Routed} wins. {@code minhop} is tried last as the implicit fallback unless
 * the list names it already or contains {@code no_fallback}.
 *
 * <p>Engines are created once, at parse time (as OpenSM sets them up at start and on a configuration change).
 * {@link #route} is called by the sweep thread only; the chain itself is immutable. Behavioural counterpart:
 * {@code setup_routing_engines} ({@code osm_opensm.c}) and {@code osm_ucast_mgr_process} ({@code osm_ucast_mgr.c}).
 *
 * <p>In detail: docs/design/routing.md#routingchain.
 */
public final class RoutingChain {

    /** The list entry that disables the implicit minhop fallback. */
    public static final String NO_FALLBACK = "no_fallback";
    /** The engine used when the list is empty, and the implicit fallback. */
    public static final String DEFAULT_ENGINE = "minhop";
    /** Characters of the value a message quotes at most. */
    static final int QUOTED_CHARS = 200;

    private final String spec;
    private final List<RoutingEngine> engines;
    private final RoutingEngine fallback;
    private final List<String> notes;

    private RoutingChain(String spec, List<RoutingEngine> engines, RoutingEngine fallback, List<String> notes) {
        this.spec = spec;
        this.engines = List.copyOf(engines);
        this.fallback = fallback;
        this.notes = List.copyOf(notes);
    }

    /**
     * Parses a {@code routing_engine} value: engine names and {@code no_fallback} separated by commas or white
     * space; empty means {@code minhop}. A name listed more than once is tried once (one note per such name in
     * {@link #notes()}, with the count: a value of 20,000 duplicates gives one note, not 20,000). Messages quote at
     * most {@value #QUOTED_CHARS} characters of the value.
     *
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones), a list with
     *     {@code no_fallback} and no engine, or a malformed option an engine reads
     */
    public static RoutingChain parse(String routingEngine, EngineOptions options, RoutingEngines known) {
        String spec = routingEngine == null ? "" : routingEngine.strip();
        List<String> names = new ArrayList<>();
        Map<String, Integer> listed = new LinkedHashMap<>();
        boolean noFallback = false;
        for (String name : spec.split("[,\\s]+")) {
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals(NO_FALLBACK)) {
                noFallback = true;
            } else if (known.factory(name) == null) {
                throw new IllegalArgumentException("routing_engine '" + quoted(spec) + "': unknown routing engine '"
                        + quoted(name) + "' (known: " + String.join(", ", known.names()) + "; and " + NO_FALLBACK
                        + ")");
            } else if (listed.merge(name, 1, Integer::sum) == 1) {
                names.add(name);
            }
        }
        List<String> notes = new ArrayList<>();
        listed.forEach((name, times) -> {
            if (times > 1) {
                notes.add("routing engine '" + name + "' is listed " + (times == 2 ? "twice" : times + " times")
                        + " in '" + quoted(spec) + "'; it is tried once");
            }
        });
        if (names.isEmpty()) {
            if (noFallback) {
                throw new IllegalArgumentException("routing_engine '" + quoted(spec) + "' lists " + NO_FALLBACK
                        + " but no engine");
            }
            names.add(DEFAULT_ENGINE);
        }
        List<RoutingEngine> engines = new ArrayList<>();
        for (String name : names) {
            engines.add(known.factory(name).create(options));
        }
        RoutingEngine fallback = null;
        if (!noFallback && !names.contains(DEFAULT_ENGINE)) {
            RoutingEngineFactory f = known.factory(DEFAULT_ENGINE);
            if (f == null) {
                throw new IllegalArgumentException("routing_engine '" + quoted(spec) + "': the fallback engine "
                        + DEFAULT_ENGINE + " is not available (known: " + String.join(", ", known.names()) + ")");
            }
            fallback = f.create(options);
        }
        return new RoutingChain(spec, engines, fallback, notes);
    }

    /** {@code text}, or its first {@link #QUOTED_CHARS} characters and how many more there are. */
    private static String quoted(String text) {
        return text.length() <= QUOTED_CHARS ? text
                : text.substring(0, QUOTED_CHARS) + "... (" + (text.length() - QUOTED_CHARS) + " more characters)";
    }

    /** The configured engine names in order, without the fallback. */
    public List<String> engineNames() {
        List<String> n = new ArrayList<>();
        for (RoutingEngine e : engines) {
            n.add(e.name());
        }
        return n;
    }

    /**
     * The configured engine instances in order, without the fallback: the daemon asks the one that routed for what it
     * dumps (ftree's {@code opensm-ftree-ca-order.dump}, updn's roots).
     */
    public List<RoutingEngine> engines() {
        return engines;
    }

    /**
     * The engine instance that routed {@code result} (a route of this chain's): the fallback's or the configured one
     * of that name; empty if none did. The repair of those routes needs that engine's own policy.
     */
    public Optional<RoutingEngine> engineThatRouted(RoutingResult result) {
        if (!result.isRouted()) {
            return Optional.empty();
        }
        if (result.usedFallback()) {
            return Optional.ofNullable(fallback);
        }
        String name = result.engineUsed().orElseThrow();
        return engines.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** Whether minhop is tried after the configured engines. */
    public boolean hasFallback() {
        return fallback != null;
    }

    /** Parse remarks for the log (duplicate names). */
    public List<String> notes() {
        return notes;
    }

    /**
     * Runs the engines in order on {@code in} until one routes; each starts from empty tables. An engine that throws
     * counts as failed (a bug in one engine must not stop the sweep). The tables of the engine that routed get the
     * input's extra LIDs ({@link LftTables#copyExtraLids}). Called on the sweep thread.
     */
    public RoutingResult route(RoutingInput in) {
        LftTables tables = LftTables.forInput(in);
        List<RoutingResult.Attempt> attempts = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int total = engines.size() + (fallback == null ? 0 : 1);
        for (int i = 0; i < total; i++) {
            boolean isFallback = i == engines.size();
            RoutingEngine engine = isFallback ? fallback : engines.get(i);
            if (i > 0) {
                tables.clear();
            }
            if (isFallback) {
                warnings.add("ROUT-0103 no engine of routing_engine '" + describeSpec() + "' routed the fabric; "
                        + "falling back to " + DEFAULT_ENGINE);
            }
            long t0 = System.nanoTime();
            RouteOutcome outcome = attempt(engine, in, tables);
            RoutingResult.Attempt a = new RoutingResult.Attempt(engine.name(), outcome, System.nanoTime() - t0,
                    isFallback);
            attempts.add(a);
            if (outcome instanceof RouteOutcome.Routed) {
                tables.copyExtraLids(in);
                return new RoutingResult(tables, a, attempts, warnings, List.of());
            }
            warnings.add(a.describe());
        }
        warnings.add("ROUT-0104 no routing engine routed the fabric (routing_engine '" + describeSpec() + "'"
                + (fallback == null && !engineNames().contains(DEFAULT_ENGINE) ? ", no fallback" : "") + ")");
        return new RoutingResult(null, null, attempts, warnings, List.of());
    }

    private static RouteOutcome attempt(RoutingEngine engine, RoutingInput in, LftTables tables) {
        try {
            RouteOutcome outcome = engine.route(in, tables);
            return outcome != null ? outcome : RouteOutcome.failed("the engine returned no outcome");
        } catch (RuntimeException e) {
            return RouteOutcome.failed("the engine threw " + e);
        }
    }

    private String describeSpec() {
        return spec.isEmpty() ? DEFAULT_ENGINE : spec;
    }

    /** {@code RoutingChain[ftree, updn + fallback minhop]}. */
    @Override
    public String toString() {
        return "RoutingChain[" + String.join(", ", engineNames()) + (fallback != null ? " + fallback "
                + DEFAULT_ENGINE : "") + "]";
    }
}
