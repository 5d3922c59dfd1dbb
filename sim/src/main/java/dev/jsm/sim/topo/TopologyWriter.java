package dev.jsm.sim.topo;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link Topology} in ibsim's {@code net} format, the way the example fabrics are written: optional
 * {@code #} header lines and a blank line, then per node (in index order) its GUID line ({@code switchguid=},
 * {@code caguid=}, {@code rtguid=}), its header ({@code Switch}, {@code Hca}, {@code Rt}), one line per cabled port
 * (every cable is written from both ends, which ibsim requires) and a blank line.
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/sim.md#topologywriter.
 */
public final class TopologyWriter {

    private TopologyWriter() {
    }

    /** Writes {@code topology} to {@code file} (UTF-8), with {@code comments} as {@code #} header lines. */
    public static void write(Topology topology, Path file, String... comments) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(topology, w, comments);
        }
    }

    /** The {@code net} text of {@code topology}, with {@code comments} as {@code #} header lines. */
    public static String toText(Topology topology, String... comments) {
        StringBuilder sb = new StringBuilder(topology.nodeCount() * 64 + topology.links().size() * 48);
        try {
            write(topology, sb, comments);
        } catch (IOException e) {
            throw new IllegalStateException("a StringBuilder does not fail", e);
        }
        return sb.toString();
    }

    /**
     * Writes {@code topology} to {@code out}.
     *
     * @throws IllegalArgumentException if a name or description cannot be written (empty name, quote, newline,
     *     {@code #} or {@code @} in a name) or a CA port without a cable has a non-default GUID
     */
    public static void write(Topology topology, Appendable out, String... comments) throws IOException {
        for (String c : comments) {
            checkText(c, "comment");
            out.append("# ").append(c).append('\n');
        }
        if (comments.length > 0) {
            out.append('\n');
        }
        VPortSpec common = commonVPorts(topology);
        if (common != null) {
            out.append(VPortDirective.text(null, common)).append("\n\n");
        }
        int deviceId = 0;
        for (int i = 0; i < topology.nodeCount(); i++) {
            TopoNode n = topology.node(i);
            if (common == null && topology.vports(i).isPresent()) {
                checkName(n.name());
                out.append(VPortDirective.text(n.name(), topology.vports(i).get())).append('\n');
            }
            for (int p = 1; p <= n.numPorts(); p++) {
                long[] aliases = topology.portOptions().port(i, p).aliasGuids();
                if (aliases.length > 0) {
                    checkName(n.name());
                    out.append(AliasDirective.text(n.name(), p, aliases)).append('\n');
                }
            }
            if (n.vendorId() != 0) {
                out.append("vendid=0x").append(Integer.toHexString(n.vendorId())).append('\n');
            }
            if (n.deviceId() != deviceId) {
                deviceId = n.deviceId();
                out.append("devid=0x").append(Integer.toHexString(deviceId)).append('\n');
            }
            if (n.systemImageGuid() != n.nodeGuid()) {
                out.append("sysimgguid=").append(hex(n.systemImageGuid())).append('\n');
            }
            writeNode(topology, i, n, out);
            out.append('\n');
        }
    }

    private static void writeNode(Topology topology, int index, TopoNode n, Appendable out) throws IOException {
        checkName(n.name());
        switch (n.kind()) {
            case SWITCH -> {
                out.append("switchguid=").append(hex(n.nodeGuid()));
                if (n.portGuid(0) != n.nodeGuid()) {
                    out.append('(').append(hex(n.portGuid(0))).append(')');
                }
                out.append("\nSwitch ");
            }
            case CA -> out.append("caguid=").append(hex(n.nodeGuid())).append("\nHca ");
            case ROUTER -> out.append("rtguid=").append(hex(n.nodeGuid())).append("\nRt ");
        }
        out.append(Integer.toString(n.numPorts())).append(" \"").append(n.name()).append('"');
        if (!n.description().equals(n.name())) {
            checkText(n.description(), "description");
            if (n.description().indexOf('"') >= 0) {
                throw new IllegalArgumentException("description of \"" + n.name() + "\" contains '\"'");
            }
            out.append("\t# \"").append(n.description()).append('"');
        }
        out.append('\n');
        for (int p = 1; p <= n.numPorts(); p++) {
            boolean customGuid = n.kind() != NodeKind.SWITCH && n.portGuid(p) != n.nodeGuid() + p;
            int peer = topology.peerNode(index, p);
            if (peer < 0) {
                if (customGuid) {
                    throw new IllegalArgumentException("\"" + n.name() + "\"[" + p + "] has a non-default GUID"
                            + " but no cable; the net format cannot say so");
                }
                continue;
            }
            out.append('[').append(Integer.toString(p)).append(']');
            if (customGuid) {
                out.append('(').append(Long.toHexString(n.portGuid(p))).append(')');
            }
            out.append(" \"").append(topology.node(peer).name()).append("\"[")
                    .append(Integer.toString(topology.peerPort(index, p))).append(']');
            PortOptions.Port o = topology.portOptions().port(index, p);
            if (o.width() != null) {
                out.append(" width=").append(o.width().text());
            }
            if (o.speed() != null) {
                out.append(" speed=").append(o.speed().text());
            }
            out.append('\n');
        }
    }

    /** The spec every CA has, or null when some CA has none or another. */
    private static VPortSpec commonVPorts(Topology topology) {
        VPortSpec common = null;
        for (int i = 0; i < topology.nodeCount(); i++) {
            if (topology.node(i).kind() != NodeKind.CA) {
                continue;
            }
            VPortSpec v = topology.vports(i).orElse(null);
            if (v == null || (common != null && !common.equals(v))) {
                return null;
            }
            common = v;
        }
        return common;
    }

    private static void checkName(String name) {
        if (name.isEmpty() || name.indexOf('"') >= 0 || name.indexOf('#') >= 0 || name.indexOf('@') >= 0) {
            throw new IllegalArgumentException("node name \"" + name + "\" cannot be written (empty, or has '\"',"
                    + " '#' or '@')");
        }
        checkText(name, "node name");
    }

    private static void checkText(String s, String what) {
        if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(what + " contains a line break: " + s);
        }
    }

    private static String hex(long v) {
        String h = Long.toHexString(v);
        return "0x" + "0000000000000000".substring(h.length()) + h;
    }
}
