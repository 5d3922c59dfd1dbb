package dev.jsm.routing;

import dev.jsm.routing.dor.DorEngineFactory;
import dev.jsm.routing.file.FileEngineFactory;
import dev.jsm.routing.ftree.FatTreeEngineFactory;
import dev.jsm.routing.lash.LashEngineFactory;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import dev.jsm.routing.nue.NueEngineFactory;
import dev.jsm.routing.sssp.DfssspEngineFactory;
import dev.jsm.routing.sssp.SsspEngineFactory;
import dev.jsm.routing.torus.TorusEngineFactory;
import dev.jsm.routing.updn.DnUpEngineFactory;
import dev.jsm.routing.updn.UpDnEngineFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The routing engines known by name: the built-ins in a fixed table (so their order never depends on the class
 * path), followed by factories found through {@link ServiceLoader} sorted by name. A discovered factory whose name a
 * built-in already has is ignored and reported in {@link #notes()}.
 *
 * <p>Immutable; safe to share. Counterpart of OpenSM's {@code static_routing_modules} table plus external
 * registration.
 */
public final class RoutingEngines {

    /** The built-in factories, in the order {@link #names()} lists them. */
    private static final List<RoutingEngineFactory> BUILT_INS = List.of(
            new MinHopEngineFactory(),
            new UpDnEngineFactory(),
            new DnUpEngineFactory(),
            new DorEngineFactory(),
            new FileEngineFactory(),
            new TorusEngineFactory(),
            new LashEngineFactory(),
            new SsspEngineFactory(),
            new DfssspEngineFactory(),
            new FatTreeEngineFactory(),
            new NueEngineFactory());

    private final Map<String, RoutingEngineFactory> byName;
    private final List<String> notes;

    private RoutingEngines(Map<String, RoutingEngineFactory> byName, List<String> notes) {
        this.byName = byName;
        this.notes = List.copyOf(notes);
    }

    /** The built-ins plus every factory on the class path of this module's class loader. */
    public static RoutingEngines load() {
        Map<String, RoutingEngineFactory> m = new LinkedHashMap<>();
        for (RoutingEngineFactory f : BUILT_INS) {
            m.put(f.name(), f);
        }
        List<RoutingEngineFactory> found = new ArrayList<>();
        for (RoutingEngineFactory f : ServiceLoader.load(RoutingEngineFactory.class,
                RoutingEngines.class.getClassLoader())) {
            found.add(f);
        }
        found.sort(Comparator.comparing(RoutingEngineFactory::name).thenComparing(f -> f.getClass().getName()));
        List<String> notes = new ArrayList<>();
        for (RoutingEngineFactory f : found) {
            RoutingEngineFactory existing = m.putIfAbsent(f.name(), f);
            if (existing != null && existing.getClass() != f.getClass()) {
                notes.add("routing engine '" + f.name() + "' of " + f.getClass().getName() + " ignored: the name is "
                        + "taken by " + existing.getClass().getName());
            }
        }
        return new RoutingEngines(m, notes);
    }

    /**
     * Exactly {@code factories}, in that order (tests, embedding).
     *
     * @throws IllegalArgumentException if two have the same name
     */
    public static RoutingEngines of(List<RoutingEngineFactory> factories) {
        Map<String, RoutingEngineFactory> m = new LinkedHashMap<>();
        for (RoutingEngineFactory f : factories) {
            if (m.putIfAbsent(f.name(), f) != null) {
                throw new IllegalArgumentException("two routing engines are named '" + f.name() + "'");
            }
        }
        return new RoutingEngines(m, List.of());
    }

    /** The known engine names, built-ins first. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The factory named {@code name}, or {@code null}. */
    public RoutingEngineFactory factory(String name) {
        return byName.get(name);
    }

    /** Discovery remarks for the log (ignored duplicate names). */
    public List<String> notes() {
        return notes;
    }

    /** {@code RoutingEngines[minhop, ...]}. */
    @Override
    public String toString() {
        return "RoutingEngines" + byName.keySet();
    }
}
