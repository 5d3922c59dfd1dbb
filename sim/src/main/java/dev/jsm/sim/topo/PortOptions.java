package dev.jsm.sim.topo;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a fabric says about single ports beyond their cables: the link width and speed a port has (else ibsim's
 * defaults: 4x enabled of 1x-12x, SDR enabled of SDR-QDR), or the link fields it copies ({@link PortLink}), and the
 * alias GUIDs its GUIDInfo holds at indexes 1 and up (a router port's, {@code docs/routers.md}). Net files give them
 * as port options ({@code width=4x speed=ndr}, or ibsim's {@code w=}, {@code s=}, {@code e=}) and
 * {@code # jsm-alias} lines, shapes with {@code speed}, {@code width}, {@code host-speeds} and {@code routers}.
 *
 * <p>Immutable; safe to share. Build with {@link #builder()}.
 */
public final class PortOptions {

    /** No options on any port. */
    public static final PortOptions NONE = new PortOptions(new TreeMap<>());

    /**
     * The options of one port.
     *
     * @param width the port's width, or null for ibsim's default
     * @param speed the port's speed, or null for ibsim's default
     * @param aliasGuids the alias GUIDs at GUIDInfo indexes 1.. (empty: none)
     * @param link the link fields copied from another fabric's port, or null; they override width and speed
     */
    public record Port(LinkWidth width, LinkSpeed speed, long[] aliasGuids, PortLink link) {

        /** Copies the alias GUIDs. */
        public Port {
            aliasGuids = aliasGuids.clone();
        }

        /** A port with no copied link fields. */
        public Port(LinkWidth width, LinkSpeed speed, long[] aliasGuids) {
            this(width, speed, aliasGuids, null);
        }

        @Override
        public long[] aliasGuids() {
            return aliasGuids.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Port p && width == p.width && speed == p.speed
                    && Arrays.equals(aliasGuids, p.aliasGuids) && Objects.equals(link, p.link);
        }

        @Override
        public int hashCode() {
            return Objects.hash(width, speed, link) * 31 + Arrays.hashCode(aliasGuids);
        }

        @Override
        public String toString() {
            return "Port[width=" + width + ", speed=" + speed + ", aliases=" + aliasGuids.length
                    + (link == null ? "" : ", " + link) + "]";
        }
    }

    private static final Port EMPTY = new Port(null, null, new long[0]);

    /** Key {@code node << 8 | port}, in node then port order. */
    private final Map<Long, Port> ports;

    private PortOptions(Map<Long, Port> ports) {
        this.ports = Collections.unmodifiableMap(ports);
    }

    /** A new, empty builder. */
    public static Builder builder() {
        return new Builder(new TreeMap<>());
    }

    /** A builder holding these options, to change some. */
    public Builder toBuilder() {
        return new Builder(new TreeMap<>(ports));
    }

    /** The options of {@code port} of {@code node} (every component empty when it has none). */
    public Port port(int node, int port) {
        return ports.getOrDefault(key(node, port), EMPTY);
    }

    /** Whether no port has options. */
    public boolean isEmpty() {
        return ports.isEmpty();
    }

    /** Whether any port has alias GUIDs. */
    public boolean hasAliasGuids() {
        for (Port p : ports.values()) {
            if (p.aliasGuids.length > 0) {
                return true;
            }
        }
        return false;
    }

    /** The ports with options as {@code node << 8 | port} keys, in node then port order. */
    public Iterable<Long> keys() {
        return ports.keySet();
    }

    private static long key(int node, int port) {
        return (long) node << 8 | port;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortOptions p && ports.equals(p.ports);
    }

    @Override
    public int hashCode() {
        return ports.hashCode();
    }

    /**
     * Accumulates port options; a later call for the same port and aspect replaces the earlier value.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private final TreeMap<Long, Port> ports;

        private Builder(TreeMap<Long, Port> ports) {
            this.ports = ports;
        }

        /** Sets the width of a port (null: ibsim's default). */
        public Builder width(int node, int port, LinkWidth width) {
            Port p = get(node, port);
            return put(node, port, new Port(width, p.speed, p.aliasGuids, p.link));
        }

        /** Sets the speed of a port (null: ibsim's default). */
        public Builder speed(int node, int port, LinkSpeed speed) {
            Port p = get(node, port);
            return put(node, port, new Port(p.width, speed, p.aliasGuids, p.link));
        }

        /** Sets the alias GUIDs of a port (GUIDInfo indexes 1..). */
        public Builder aliasGuids(int node, int port, long... guids) {
            Port p = get(node, port);
            return put(node, port, new Port(p.width, p.speed, guids, p.link));
        }

        /** Sets the link fields a port copies from another fabric's (null: none). */
        public Builder link(int node, int port, PortLink link) {
            Port p = get(node, port);
            return put(node, port, new Port(p.width, p.speed, p.aliasGuids, link));
        }

        /** The options of a port as set so far. */
        public Port get(int node, int port) {
            return ports.getOrDefault(key(node, port), EMPTY);
        }

        /** The immutable options. */
        public PortOptions build() {
            return ports.isEmpty() ? NONE : new PortOptions(new TreeMap<>(ports));
        }

        private Builder put(int node, int port, Port p) {
            if (p.equals(EMPTY)) {
                ports.remove(key(node, port));
            } else {
                ports.put(key(node, port), p);
            }
            return this;
        }
    }
}
