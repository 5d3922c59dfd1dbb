package dev.jsm.routing.chain;

import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PolicyParagraphs;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Paragraph;
import dev.jsm.subnet.portgroup.PolicyParagraphs.Qualifier;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A topologies policy file ({@code topo_policy_file}, docs/reference/opensm-behaviour.md#routing-chains): paragraphs
 * {@code topology} ... {@code end-topology}, each with all three qualifiers, none of them with a colon in its value:
 * {@code id:} (a positive number, unique), {@code sw-grp:} (the port group of the topology's switches and switch
 * ports) and {@code hca-grp:} (the port group of its CAs). The groups must exist in the port group policy (or be
 * predefined). Topology 0, the whole fabric, is implicit and cannot be defined.
 *
 * <p>Immutable; safe to share.
 */
public final class TopologyPolicy {

    private static final Set<String> QUALIFIERS = Set.of("id", "sw-grp", "hca-grp");

    private final String source;
    private final Map<Integer, Topology> byId;

    private TopologyPolicy(String source, Map<Integer, Topology> byId) {
        this.source = source;
        this.byId = byId;
    }

    /** No topologies besides the whole fabric. */
    public static TopologyPolicy empty() {
        return new TopologyPolicy("(none)", Map.of());
    }

    /**
     * Parses policy text.
     *
     * @param source the file name for messages
     * @param text the contents
     * @param groups the port groups the topologies name
     * @throws PolicyFileException at the first problem ({@code file:line: ...}, naming the qualifier)
     */
    public static TopologyPolicy parse(String source, String text, PortGroupPolicy groups)
            throws PolicyFileException {
        Map<Integer, Topology> byId = new LinkedHashMap<>();
        for (Paragraph p : PolicyParagraphs.read(source, text, "topology", "end-topology", QUALIFIERS, Set.of())) {
            Qualifier idLine = p.required("id");
            int id = (int) p.number(idLine, 1, Integer.MAX_VALUE);
            String sw = group(p, p.required("sw-grp"), groups);
            String hca = group(p, p.required("hca-grp"), groups);
            Topology old = byId.putIfAbsent(id, new Topology(id, sw, hca, p.line()));
            if (old != null) {
                throw p.error(idLine, "topology " + id + " is defined twice (first at line " + old.line() + ")");
            }
        }
        return new TopologyPolicy(source, Map.copyOf(byId));
    }

    /** The file name the policy came from. */
    public String source() {
        return source;
    }

    /** The topology with {@code id}, if defined. */
    public Optional<Topology> topology(int id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The topologies, by id. */
    public List<Topology> topologies() {
        List<Topology> all = new ArrayList<>(byId.values());
        all.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return all;
    }

    private static String group(Paragraph p, Qualifier q, PortGroupPolicy groups) throws PolicyFileException {
        if (q.value().isEmpty()) {
            throw p.error(q, "expected a port group name, found nothing");
        }
        if (!groups.knows(q.value())) {
            throw p.error(q, "unknown port group '" + q.value() + "' (not in " + groups.source() + ")");
        }
        return q.value();
    }

    /**
     * One topology.
     *
     * @param id its id, 1 or more
     * @param switchGroup the port group of its switches and switch ports
     * @param caGroup the port group of its CAs
     * @param line the line of {@code topology}
     */
    public record Topology(int id, String switchGroup, String caGroup, int line) {
    }
}
