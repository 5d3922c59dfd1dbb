package dev.jsm.mad.codec;

import java.util.Arrays;

/**
 * A directed-route path: the egress port taken at each hop from the SM's port (IBA 14.2.2). Hop count 0 addresses
 * the local port. At most 63 hops.
 *
 * <p>Immutable; safe to share.
 */
public final class DrPath {

    /** Maximum hop count of a directed route (a 64-entry path with entry 0 unused). */
    public static final int MAX_HOPS = 63;

    private static final DrPath LOCAL = new DrPath(new byte[0]);

    private final byte[] ports;

    private DrPath(byte[] ports) {
        this.ports = ports;
    }

    /** The 0-hop path to the local port. */
    public static DrPath local() {
        return LOCAL;
    }

    /**
     * A path from egress port numbers.
     *
     * @throws IllegalArgumentException if longer than 63 hops or a port is outside 0..255
     */
    public static DrPath of(int... egressPorts) {
        if (egressPorts.length > MAX_HOPS) {
            throw new IllegalArgumentException("directed route longer than 63 hops");
        }
        byte[] p = new byte[egressPorts.length];
        for (int i = 0; i < p.length; i++) {
            if (egressPorts[i] < 0 || egressPorts[i] > 255) {
                throw new IllegalArgumentException("port " + egressPorts[i] + " out of range");
            }
            p[i] = (byte) egressPorts[i];
        }
        return new DrPath(p);
    }

    /** Parses OpenSM/infiniband-diags notation {@code "0,1,5"} (leading 0 for the local port is optional). */
    public static DrPath parse(String text) {
        String[] parts = text.trim().split(",");
        int start = parts.length > 0 && parts[0].trim().equals("0") ? 1 : 0;
        int[] ports = new int[parts.length - start];
        for (int i = start; i < parts.length; i++) {
            ports[i - start] = Integer.parseInt(parts[i].trim());
        }
        return of(ports);
    }

    /** Number of hops. */
    public int hopCount() {
        return ports.length;
    }

    /** Egress port at hop {@code i} (1-based, as in InitialPath). */
    public int port(int i) {
        return ports[i - 1] & 0xFF;
    }

    /** This path followed by one more hop out of {@code port}. */
    public DrPath extend(int port) {
        if (ports.length == MAX_HOPS) {
            throw new IllegalArgumentException("directed route longer than 63 hops");
        }
        byte[] p = Arrays.copyOf(ports, ports.length + 1);
        p[ports.length] = (byte) port;
        return new DrPath(p);
    }

    /** Writes the path into an InitialPath/ReturnPath array at {@code off} (entry 0 left zero). */
    public void writeTo(byte[] b, int off) {
        b[off] = 0;
        System.arraycopy(ports, 0, b, off + 1, ports.length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DrPath other && Arrays.equals(ports, other.ports);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ports);
    }

    /** {@code "0,1,5"}: the notation smpquery -D and OpenSM logs use. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("0");
        for (byte p : ports) {
            sb.append(',').append(p & 0xFF);
        }
        return sb.toString();
    }
}
