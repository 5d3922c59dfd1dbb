package dev.jsm.subnet.portgroup;

import java.util.List;
import java.util.Map;

/**
 * The port groups of a policy resolved in one fabric: the predefined {@link #ALL}, {@link #ALL_SWITCHES},
 * {@link #ALL_CAS} and {@link #ALL_ROUTERS}, and each name the policy defines (its last definition).
 *
 * <p>Immutable; safe to share.
 */
public final class PortGroups {

    /** Every port of every node. */
    public static final String ALL = "ALL";
    /** Every port of every switch. */
    public static final String ALL_SWITCHES = "ALL_SWITCHES";
    /** Every port of every channel adapter. */
    public static final String ALL_CAS = "ALL_CAS";
    /** Every port of every router. */
    public static final String ALL_ROUTERS = "ALL_ROUTERS";
    /** The names a policy cannot define. */
    public static final List<String> PREDEFINED = List.of(ALL, ALL_SWITCHES, ALL_CAS, ALL_ROUTERS);

    private final Map<String, PortSet> groups;

    PortGroups(Map<String, PortSet> groups) {
        this.groups = Map.copyOf(groups);
    }

    /**
     * The ports of the group named {@code name}.
     *
     * @throws IllegalArgumentException if there is none
     */
    public PortSet get(String name) {
        PortSet s = groups.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no port group '" + name + "'");
        }
        return s;
    }

    /** {@code PortGroups[N groups]}. */
    @Override
    public String toString() {
        return "PortGroups[" + groups.size() + " groups]";
    }
}
