package dev.jsm.routing.chain;

import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PolicyParagraphs;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Paragraph;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Qualifier;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A routing chain policy file ({@code rch_policy_file}, docs/reference/opensm-behaviour.md#routing-chains):
 * paragraphs {@code unicast-step} ... {@code end-unicast-step}, no qualifier value with a colon, holding
 * <ul>
 *   <li>{@code id:} mandatory, 1 or more, unique: the steps run in ascending id order;</li>
 *   <li>{@code engine:} mandatory, a routing engine's name;</li>
 *   <li>{@code use:} optional description ("" by default);</li>
 *   <li>{@code config:} optional, the step's own {@code opensm.conf}-format file (its options over the main
 *       file's);</li>
 *   <li>{@code topology:} optional, the id of a topology of the topologies policy, 0 (the default) for the whole
 *       fabric; the first step (the lowest id) must route the whole fabric;</li>
 *   <li>{@code fallback-to:} optional, makes the step the fallback of the step with that id: it runs only when that
 *       step declined or failed. A fallback to an id no step has, or to a step that is itself a fallback, is
 *       ignored (the step is left out, with a note);</li>
 *   <li>{@code path-bit:} optional LID offset the step routes (LMC above 0 needed; the first step's is 0 and
 *       cannot be changed): when given, the step's routes are used for that offset of each LID range only.</li>
 * </ul>
 *
 * <p>Immutable; safe to share.
 */
public final class ChainPolicy {

    private static final Set<String> QUALIFIERS = Set.of("id", "engine", "use", "config", "topology",
            "fallback-to", "path-bit");

    private final String source;
    private final List<UnicastStep> steps;
    private final Map<Integer, UnicastStep> fallbacks;
    private final List<String> notes;

    private ChainPolicy(String source, List<UnicastStep> steps, Map<Integer, UnicastStep> fallbacks,
                        List<String> notes) {
        this.source = source;
        this.steps = List.copyOf(steps);
        this.fallbacks = Map.copyOf(fallbacks);
        this.notes = List.copyOf(notes);
    }

    /**
     * Parses policy text.
     *
     * @param source the file name for messages
     * @param text the contents
     * @param topologies the topologies the steps name
     * @param engines the engine names known
     * @param lmc the main configuration's LMC (path bits need one above 0)
     * @throws PolicyFileException at the first problem ({@code file:line: ...}, naming the qualifier)
     */
    public static ChainPolicy parse(String source, String text, TopologyPolicy topologies, Set<String> engines,
                                    int lmc) throws PolicyFileException {
        List<Paragraph> paragraphs = PolicyParagraphs.read(source, text, "unicast-step", "end-unicast-step",
                QUALIFIERS, Set.of());
        if (paragraphs.isEmpty()) {
            throw new PolicyFileException(source, 0, "no unicast-step: a routing chain needs at least one");
        }
        Map<Integer, UnicastStep> byId = new HashMap<>();
        List<UnicastStep> all = new ArrayList<>();
        for (Paragraph p : paragraphs) {
            UnicastStep step = step(p, topologies, engines, lmc);
            UnicastStep old = byId.putIfAbsent(step.id(), step);
            if (old != null) {
                throw p.error(p.required("id"), "step " + step.id() + " is defined twice (first at line "
                        + old.line() + ")");
            }
            all.add(step);
        }
        all.sort(Comparator.comparingInt(UnicastStep::id));
        UnicastStep first = all.get(0);
        if (first.topology() != 0) {
            throw new PolicyFileException(source, first.line(), "qualifier 'topology': the first step (id "
                    + first.id() + ") must route the whole fabric (topology 0), found topology " + first.topology());
        }
        if (first.fallbackTo() != 0) {
            throw new PolicyFileException(source, first.line(), "qualifier 'fallback-to': the first step (id "
                    + first.id() + ") cannot be a fallback");
        }
        if (first.pathBit() > 0) {
            throw new PolicyFileException(source, first.line(), "qualifier 'path-bit': the first step's path bit is"
                    + " 0 and cannot be changed, found " + first.pathBit());
        }
        List<UnicastStep> steps = new ArrayList<>();
        Map<Integer, UnicastStep> fallbacks = new HashMap<>();
        List<String> notes = new ArrayList<>();
        for (UnicastStep s : all) {
            if (s.fallbackTo() == 0) {
                steps.add(s);
                continue;
            }
            UnicastStep target = byId.get(s.fallbackTo());
            if (target == null) {
                notes.add(source + ":" + s.line() + ": step " + s.id() + " is a fallback to step " + s.fallbackTo()
                        + ", which does not exist: the step is ignored");
            } else if (target.fallbackTo() != 0) {
                notes.add(source + ":" + s.line() + ": step " + s.id() + " is a fallback to step " + target.id()
                        + ", itself a fallback: the step is ignored");
            } else if (fallbacks.containsKey(target.id())) {
                notes.add(source + ":" + s.line() + ": step " + s.id() + " is a second fallback to step "
                        + target.id() + " (step " + fallbacks.get(target.id()).id() + " is the first): ignored");
            } else {
                fallbacks.put(target.id(), s);
            }
        }
        return new ChainPolicy(source, steps, fallbacks, notes);
    }

    /** The file name the policy came from. */
    public String source() {
        return source;
    }

    /** The steps that run in sequence (not the fallbacks), in ascending id order. */
    public List<UnicastStep> steps() {
        return steps;
    }

    /** The fallback of the step with {@code id}, if one is defined. */
    public Optional<UnicastStep> fallbackOf(int id) {
        return Optional.ofNullable(fallbacks.get(id));
    }

    /** Remarks for the log (ignored fallback steps), each {@code file:line: ...}. */
    public List<String> notes() {
        return notes;
    }

    private static UnicastStep step(Paragraph p, TopologyPolicy topologies, Set<String> engines, int lmc)
            throws PolicyFileException {
        int id = (int) p.number(p.required("id"), 1, Integer.MAX_VALUE);
        Qualifier engineLine = p.required("engine");
        String engine = engineLine.value();
        if (!engines.contains(engine)) {
            throw p.error(engineLine, "unknown routing engine '" + engine + "' (known: "
                    + String.join(", ", engines.stream().sorted().toList()) + ")");
        }
        Qualifier use = p.single("use");
        Qualifier config = p.single("config");
        Path configFile = null;
        if (config != null) {
            try {
                configFile = Path.of(config.value());
            } catch (InvalidPathException e) {
                throw p.error(config, "not a file name: '" + config.value() + "'");
            }
            if (config.value().isEmpty()) {
                throw p.error(config, "expected a file name, found nothing");
            }
        }
        Qualifier topoLine = p.single("topology");
        int topology = topoLine == null ? 0 : (int) p.number(topoLine, 0, Integer.MAX_VALUE);
        if (topology != 0 && topologies.topology(topology).isEmpty()) {
            throw p.error(topoLine, "no topology " + topology + " in " + topologies.source());
        }
        Qualifier fallbackLine = p.single("fallback-to");
        int fallbackTo = fallbackLine == null ? 0 : (int) p.number(fallbackLine, 1, Integer.MAX_VALUE);
        if (fallbackTo == id) {
            throw p.error(fallbackLine, "step " + id + " cannot be its own fallback");
        }
        Qualifier bitLine = p.single("path-bit");
        int pathBit = -1;
        if (bitLine != null) {
            pathBit = (int) p.number(bitLine, 0, 127);
            if (pathBit > 0 && lmc == 0) {
                throw p.error(bitLine, "path bit " + pathBit + " needs lmc above 0 in the main configuration");
            }
            if (pathBit >= (1 << lmc)) {
                throw p.error(bitLine, "path bit " + pathBit + " is beyond the " + (1 << lmc)
                        + " LIDs per port of lmc " + lmc);
            }
        }
        return new UnicastStep(id, engine, use == null ? "" : use.value(), configFile, topology, fallbackTo, pathBit,
                p.line());
    }

    /**
     * One {@code unicast-step}.
     *
     * @param id its id, 1 or more
     * @param engine the routing engine's name
     * @param use the description
     * @param config the step's own configuration file, or {@code null}
     * @param topology the topology id, 0 for the whole fabric
     * @param fallbackTo the id of the step it is the fallback of, 0 if none
     * @param pathBit the LID offset it routes, or -1 when not given (every LID of the range)
     * @param line the line of {@code unicast-step}
     */
    public record UnicastStep(int id, String engine, String use, Path config, int topology, int fallbackTo,
                              int pathBit, int line) {

        /** {@code <id>.<engine>}: how the step's dump files and log lines name it. */
        public String label() {
            return id + "." + engine;
        }
    }
}
