package dev.jsm.routing.chain;

import dev.jsm.routing.RoutingEngineFactory;
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
 * The routing engines known by name. Built-ins and external engines are found two ways on purpose, and each
 * built-in is listed exactly once:
 * <ul>
 *   <li>the built-ins are the static table {@link #BUILT_INS} and nothing else (this module ships no
 *       {@code META-INF/services} entry for {@link RoutingEngineFactory}): the compiler checks the table, its order
 *       is the order {@link #names()} reports whatever the class path, and a built-in cannot go missing because a
 *       resource file was dropped by a repackaging;</li>
 *   <li>{@link ServiceLoader} only adds engines from other jars (OpenSM's external routing-engine registration),
 *       after the built-ins, sorted by name. A discovered factory whose name is already taken is ignored and
 *       reported in {@link #notes()}, so an external jar can never replace a built-in silently.</li>
 * </ul>
 *
 * <p>Immutable; safe to share. Counterpart of OpenSM's {@code static_routing_modules} table plus external
 * registration.
 */
public final class RoutingEngines {

    /**
     * The built-in factories, in the order {@link #names()} lists them: minhop first (the chain's fallback), then
     * the other engines. The only place a built-in is registered.
     */
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

    /** The built-ins plus every factory {@link ServiceLoader} finds through this module's class loader. */
    public static RoutingEngines load() {
        return load(RoutingEngines.class.getClassLoader());
    }

    /** The built-ins plus every factory {@link ServiceLoader} finds through {@code loader}. */
    static RoutingEngines load(ClassLoader loader) {
        Map<String, RoutingEngineFactory> m = new LinkedHashMap<>();
        for (RoutingEngineFactory f : BUILT_INS) {
            m.put(f.name(), f);
        }
        List<RoutingEngineFactory> found = new ArrayList<>();
        for (RoutingEngineFactory f : ServiceLoader.load(RoutingEngineFactory.class, loader)) {
            found.add(f);
        }
        found.sort(Comparator.comparing(RoutingEngineFactory::name).thenComparing(f -> f.getClass().getName()));
        List<String> notes = new ArrayList<>();
        for (RoutingEngineFactory f : found) {
            RoutingEngineFactory existing = m.putIfAbsent(f.name(), f);
            // the same class again (a jar that also lists a built-in) is the same engine, not a clash
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
