package dev.jsm.mad.umad;

import dev.jsm.text.CNumber;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The local ports as the kernel lists them under {@code /sys/class/infiniband/<ca>/ports/<n>/} (the files libibumad
 * reads too), in CA-name then port order, with what the SM's port choice ({@link SmPortChoice}) reads of them. A
 * missing {@code link_layer} file means InfiniBand (kernels before the file existed had no other link layer; see
 * docs/operations.md, "The SM's own port"). Reading from a root other than {@link #KERNEL} is how the tests give it
 * a fake tree.
 *
 * <p>Stateless; thread-safe.
 */
public final class SysfsPorts {

    /** Where the kernel lists the RDMA devices. */
    public static final Path KERNEL = Path.of("/sys/class/infiniband");

    private SysfsPorts() {
    }

    /**
     * Every port of every CA under {@code root}; an empty list when {@code root} does not exist.
     *
     * @throws IOException if the tree cannot be listed or a port's file is unreadable or malformed (the message names
     *                     the file)
     */
    public static List<UmadPort> read(Path root) throws IOException {
        List<UmadPort> ports = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return ports;
        }
        for (Path ca : sorted(root, Comparator.comparing(p -> p.getFileName().toString()))) {
            Path portsDir = ca.resolve("ports");
            if (!Files.isDirectory(portsDir)) {
                continue;
            }
            for (Path port : sorted(portsDir, Comparator.comparingLong(SysfsPorts::portNumber))) {
                ports.add(port(ca.getFileName().toString(), port));
            }
        }
        return ports;
    }

    /**
     * The fields the SM's port choice reads: link layer, state, physical state and, for an InfiniBand port, GID 0.
     * The rest stay 0 (the chosen port is read again through libibumad when it is opened). Nothing else of a port of
     * another link layer is read: the kernel refuses some of its files (a RoCE port's GID entry before its network
     * device is up).
     */
    private static UmadPort port(String ca, Path dir) throws IOException {
        String linkLayer = text(dir, "link_layer", "InfiniBand");
        int state = (int) leadingNumber(dir, "state");
        int phys = (int) leadingNumber(dir, "phys_state");
        boolean ib = "InfiniBand".equals(linkLayer);
        long[] gid = ib ? gid(dir) : new long[2];
        return new UmadPort(ca, (int) portNumber(dir), 0, 0, 0, 0, state, phys, 0, 0, gid[0], gid[1], linkLayer);
    }

    private static long portNumber(Path dir) {
        try {
            return CNumber.parseUnsigned(dir.getFileName().toString(), CNumber.Base.DECIMAL);
        } catch (IllegalArgumentException e) {
            return Long.MAX_VALUE;
        }
    }

    /** A file such as {@code state} ({@code 4: ACTIVE}) or {@code phys_state} ({@code 5: LinkUp}). */
    private static long leadingNumber(Path dir, String name) throws IOException {
        String t = text(dir, name, "0");
        int end = 0;
        while (end < t.length() && Character.isDigit(t.charAt(end))) {
            end++;
        }
        if (end == 0) {
            throw malformed(dir.resolve(name), t, "a leading decimal number");
        }
        return CNumber.parseUnsigned(t.substring(0, end), CNumber.Base.DECIMAL);
    }

    /** GID 0 ({@code fe80:0000:0000:0000:0002:c903:0000:1234}) as subnet prefix and port GUID; 0 when absent. */
    private static long[] gid(Path dir) throws IOException {
        Path file = dir.resolve("gids").resolve("0");
        if (!Files.isRegularFile(file)) {
            return new long[2];
        }
        String t = Files.readString(file, StandardCharsets.US_ASCII).trim();
        String[] groups = t.split(":");
        if (groups.length != 8) {
            throw malformed(file, t, "eight groups of four hex digits separated by ':'");
        }
        long[] halves = new long[2];
        for (int i = 0; i < 8; i++) {
            if (groups[i].isEmpty() || groups[i].length() > 4) {
                throw malformed(file, t, "eight groups of four hex digits separated by ':'");
            }
            try {
                halves[i / 4] = halves[i / 4] << 16 | CNumber.parseUnsigned(groups[i], CNumber.Base.HEX);
            } catch (IllegalArgumentException e) {
                throw malformed(file, t, "eight groups of four hex digits separated by ':'");
            }
        }
        return halves;
    }

    private static String text(Path dir, String name, String absent) throws IOException {
        Path file = dir.resolve(name);
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.US_ASCII).trim() : absent;
    }

    private static List<Path> sorted(Path dir, Comparator<Path> order) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted(order).toList();
        }
    }

    private static IOException malformed(Path file, String text, String expected) {
        return new IOException(file + ":1: '" + text + "' is not " + expected);
    }
}
