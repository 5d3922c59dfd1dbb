package dev.jsm.mad.umad;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Discovery of the local CAs and ports through libibumad: lists CAs, reads {@code umad_ca_t} / {@code umad_port_t}
 * by their field offsets (checked with gcc {@code offsetof} against libibumad 44's {@code umad.h}), resolves a port
 * GUID ({@code opensm -g}) to a CA and port, and names the {@code issm} device.
 *
 * <p>Thread-safe; every call allocates its own native scratch memory (discovery is not a hot path).
 */
public final class UmadDevices {

    /** {@code sizeof(umad_ca_t)} on x86_64. */
    private static final int CA_SIZE = 208;
    /** {@code sizeof(umad_port_t)} on x86_64. */
    private static final int PORT_SIZE = 112;
    /** {@code UMAD_CA_MAX_PORTS}: entries of {@code umad_ca_t.ports[]}. */
    private static final int CA_MAX_PORTS = 10;

    private static volatile boolean initialized;

    private UmadDevices() {
    }

    /**
     * Loads libibumad and checks the kernel's umad ABI ({@code umad_init}); idempotent.
     *
     * @throws UmadException {@link UmadException.Reason#LIBRARY_MISSING} or {@link UmadException.Reason#NO_DEVICE}
     */
    public static void init() throws UmadException {
        if (initialized) {
            return;
        }
        Umad.ensureAvailability();
        synchronized (UmadDevices.class) {
            if (!initialized) {
                if (Umad.umad_init() < 0) {
                    throw new UmadException(UmadException.Reason.NO_DEVICE, "no InfiniBand device: cannot read "
                            + "/sys/class/infiniband_mad/abi_version (is the ib_umad kernel module loaded?)");
                }
                initialized = true;
            }
        }
    }

    /**
     * The names of the CAs that libibumad can open, in sysfs order.
     *
     * <p>libibumad answers the fallback name {@code mthca0} when sysfs lists nothing; such a name is dropped here
     * because {@code umad_get_ca} fails on it.
     */
    public static List<String> caNames() throws UmadException {
        init();
        byte[] raw = new byte[Umad.MAX_DEVICES * Umad.CA_NAME_LEN];
        int n = Umad.umad_get_cas_names(raw, Umad.MAX_DEVICES);
        List<String> names = new ArrayList<>();
        Memory scratch = new Memory(CA_SIZE);
        for (int i = 0; i < n; i++) {
            String name = cString(raw, i * Umad.CA_NAME_LEN, Umad.CA_NAME_LEN);
            scratch.clear();
            if (Umad.umad_get_ca(name, scratch) == 0) {
                Umad.umad_release_ca(scratch);
                names.add(name);
            }
        }
        return names;
    }

    /**
     * Reads one CA and all its ports.
     *
     * @throws UmadException {@link UmadException.Reason#PORT_NOT_FOUND} if there is no such CA
     */
    public static UmadCa ca(String name) throws UmadException {
        init();
        Memory m = new Memory(CA_SIZE);
        m.clear();
        int r = Umad.umad_get_ca(name, m);
        if (r < 0) {
            throw notFound("CA '" + name + "' not found: " + Errno.text(r));
        }
        try {
            List<UmadPort> ports = new ArrayList<>();
            for (int i = 0; i < CA_MAX_PORTS; i++) {
                Pointer p = m.getPointer(128 + 8L * i);
                if (p != null) {
                    ports.add(readPort(p));
                }
            }
            return new UmadCa(cString(m, 0, Umad.CA_NAME_LEN), m.getInt(20), m.getInt(24), cString(m, 28, 20),
                    cString(m, 48, 40), cString(m, 88, 20), fromNetwork(m.getLong(112)),
                    fromNetwork(m.getLong(120)), ports);
        } finally {
            Umad.umad_release_ca(m);
        }
    }

    /**
     * Reads one port. {@code caName == null} picks the first CA with an active (else link-up) port and
     * {@code portNum == 0} the best port of the CA, as libibumad's resolution (and OpenSM's default) does.
     *
     * @throws UmadException {@link UmadException.Reason#NO_DEVICE} if there is no CA at all,
     *                       {@link UmadException.Reason#PORT_NOT_FOUND} if the CA or port does not exist
     */
    public static UmadPort port(String caName, int portNum) throws UmadException {
        List<String> names = caNames();
        if (names.isEmpty()) {
            throw new UmadException(UmadException.Reason.NO_DEVICE, "no InfiniBand CA found in /sys/class/infiniband");
        }
        if (caName != null && !names.contains(caName)) {
            throw notFound("CA '" + caName + "' not found (available: " + String.join(", ", names) + ")");
        }
        Memory m = new Memory(PORT_SIZE);
        m.clear();
        int r = Umad.umad_get_port(caName, portNum, m);
        if (r < 0) {
            throw notFound("port " + (caName == null ? "<any CA>" : caName) + "/" + portNum + " not found: "
                    + Errno.text(r));
        }
        try {
            return readPort(m);
        } finally {
            Umad.umad_release_port(m);
        }
    }

    /**
     * Every local port, for choosing the SM's ({@link SmPortChoice}): read from the kernel's sysfs tree
     * ({@link SysfsPorts}), except under umad2sim, whose simulated tree only libibumad's own calls see (it
     * intercepts libc's {@code open}, which the JVM's reads do not use); there libibumad lists them.
     *
     * @return the ports and where they were read, for the log
     */
    public static Listed localPorts() throws UmadException {
        String preload = System.getenv("LD_PRELOAD");
        if (preload != null && preload.contains("umad2sim")) {
            List<UmadPort> ports = new ArrayList<>();
            for (String name : caNames()) {
                ports.addAll(ca(name).ports());
            }
            return new Listed(ports, "libibumad (umad2sim)");
        }
        try {
            return new Listed(SysfsPorts.read(SysfsPorts.KERNEL), SysfsPorts.KERNEL.toString());
        } catch (IOException e) {
            throw new UmadException(UmadException.Reason.IO, "cannot list the local ports: " + e.getMessage(), e);
        }
    }

    /**
     * The local ports and where they were read.
     *
     * @param ports the ports, in CA-name then port order
     * @param source {@code /sys/class/infiniband} or {@code libibumad (umad2sim)}
     */
    public record Listed(List<UmadPort> ports, String source) {
    }

    /**
     * Finds the port with GUID {@code portGuid} on any local CA.
     *
     * @throws UmadException {@link UmadException.Reason#PORT_NOT_FOUND} if no local port has that GUID
     */
    public static UmadPort portByGuid(long portGuid) throws UmadException {
        List<String> names = caNames();
        long[] guids = new long[CA_MAX_PORTS + 1];
        for (String name : names) {
            int n = Umad.umad_get_ca_portguids(name, guids, guids.length);
            for (int i = 0; i < n; i++) {
                if (fromNetwork(guids[i]) == portGuid) {
                    return port(name, i);
                }
            }
        }
        throw notFound(String.format("no local port has GUID 0x%016x (CAs: %s)", portGuid,
                names.isEmpty() ? "none" : String.join(", ", names)));
    }

    /**
     * The {@code issm} device of a port ({@code /dev/infiniband/issmN}); holding it open sets the port's IsSM
     * capability bit. Under umad2sim, opening it through the preloaded libc {@code open} marks the client as SM.
     */
    public static String issmPath(String caName, int portNum) throws UmadException {
        init();
        byte[] path = new byte[256];
        int r = Umad.umad_get_issm_path(caName, portNum, path, path.length);
        if (r < 0) {
            throw notFound("no issm device for " + caName + "/" + portNum + ": " + Errno.text(r));
        }
        return cString(path, 0, path.length);
    }

    /** Reads a {@code umad_port_t}. */
    static UmadPort readPort(Pointer p) {
        return new UmadPort(cString(p, 0, Umad.CA_NAME_LEN), p.getInt(20), p.getInt(24), p.getInt(28),
                p.getInt(32), p.getInt(36), p.getInt(40), p.getInt(44), p.getInt(48),
                fromNetwork(p.getInt(52)), fromNetwork(p.getLong(56)),
                fromNetwork(p.getLong(64)), cString(p, 88, Umad.CA_NAME_LEN));
    }

    /** A big-endian 64-bit value as read from native memory, in host order. */
    static long fromNetwork(long raw) {
        return ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? raw : Long.reverseBytes(raw);
    }

    /** A big-endian 32-bit value as read from native memory, in host order. */
    static int fromNetwork(int raw) {
        return ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? raw : Integer.reverseBytes(raw);
    }

    private static String cString(Pointer p, long off, int max) {
        return cString(p.getByteArray(off, max), 0, max);
    }

    private static String cString(byte[] b, int off, int max) {
        int end = off;
        while (end < off + max && b[end] != 0) {
            end++;
        }
        return new String(b, off, end - off, StandardCharsets.US_ASCII).trim();
    }

    private static UmadException notFound(String message) {
        return new UmadException(UmadException.Reason.PORT_NOT_FOUND, message);
    }
}
