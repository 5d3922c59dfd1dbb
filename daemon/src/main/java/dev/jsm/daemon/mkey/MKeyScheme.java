package dev.jsm.daemon.mkey;

import dev.jsm.conf.DeviceOptions;
import dev.jsm.conf.SmOptions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The M_Key each management port (a CA port, or port 0 of a switch) should hold: {@code m_key}, or with
 * {@code m_key_per_port} a key of the port's own.
 *
 * <p>The per-port key ({@code m_key_per_port} is a jsm extension: OpenSM 3.3.23 has one key for the subnet, NVIDIA's
 * UFM an undocumented "mkey-per-port") is the first 8 bytes, big-endian, of SHA-256 over {@code m_key} then the port
 * GUID (8 bytes each, big-endian), or {@code m_key} itself should that be 0. It is deterministic, so every jsm with
 * the same {@code m_key} - a standby, a restart without {@code guid2mkey} - computes the same keys, and one-way, so
 * a port's key that leaks (a lapsed lease, a diagnostic tool given it) gives away neither {@code m_key} nor the other
 * ports' keys.
 *
 * <p>Thread-safe (derived keys are cached in a concurrent map): the SM thread, the SMInfo agent and the master
 * poller share one.
 */
public final class MKeyScheme {

    /** No M_Key management: every port's key is 0. */
    public static final MKeyScheme NONE = new MKeyScheme(0, false);

    private final long base;
    private final boolean perPort;
    private final Map<Long, Long> derived = new ConcurrentHashMap<>();

    /** The scheme of {@code m_key} {@code base}, one key per port when {@code perPort}. */
    public MKeyScheme(long base, boolean perPort) {
        this.base = base;
        this.perPort = perPort;
    }

    /** The scheme {@code m_key} and {@code m_key_per_port} of {@code o} give. */
    public static MKeyScheme of(SmOptions o) {
        return new MKeyScheme(o.mKey(), o.get(DeviceOptions.M_KEY_PER_PORT));
    }

    /** {@code m_key}: 0 means no M_Key management. */
    public long base() {
        return base;
    }

    /** The key port {@code portGuid} should hold. */
    public long expected(long portGuid) {
        if (!perPort || base == 0) {
            return base;
        }
        return derived.computeIfAbsent(portGuid, g -> derive(base, g));
    }

    /** The per-port key of {@code portGuid} under {@code mKey} (see the class comment). */
    static long derive(long mKey, long portGuid) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] in = new byte[16];
        for (int i = 0; i < 8; i++) {
            in[i] = (byte) (mKey >>> (56 - 8 * i));
            in[8 + i] = (byte) (portGuid >>> (56 - 8 * i));
        }
        byte[] h = sha.digest(in);
        long key = 0;
        for (int i = 0; i < 8; i++) {
            key = key << 8 | (h[i] & 0xFF);
        }
        return key == 0 ? mKey : key;
    }
}
