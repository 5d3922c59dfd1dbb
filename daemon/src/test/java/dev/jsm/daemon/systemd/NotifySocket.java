package dev.jsm.daemon.systemd;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The listening end of the {@code sd_notify} protocol, as systemd has it: a UNIX datagram socket bound to an
 * abstract name, read without blocking. Through libc via JNA because the JDK cannot open UNIX datagram sockets.
 *
 * <p>Confined to the test thread.
 */
final class NotifySocket implements AutoCloseable {

    /** The libc calls needed. */
    private interface LibC extends Library {
        int socket(int domain, int type, int protocol);

        int bind(int fd, byte[] addr, int len);

        int recv(int fd, byte[] buf, long len, int flags);

        int close(int fd);
    }

    private static final LibC LIBC = Native.load("c", LibC.class);
    private static final int AF_UNIX = 1;
    private static final int SOCK_DGRAM = 2;
    private static final int MSG_DONTWAIT = 0x40;

    private final int fd;
    private final String name;

    private NotifySocket(int fd, String name) {
        this.fd = fd;
        this.name = name;
    }

    /** Binds a new socket to the abstract name {@code name} (without the leading {@code @}). */
    static NotifySocket bindAbstract(String name) {
        int fd = LIBC.socket(AF_UNIX, SOCK_DGRAM, 0);
        if (fd < 0) {
            throw new IllegalStateException("socket: errno " + Native.getLastError());
        }
        byte[] path = name.getBytes(StandardCharsets.US_ASCII);
        byte[] addr = new byte[2 + 1 + path.length];  // sa_family_t, then a NUL: an abstract name
        addr[0] = (byte) AF_UNIX;                     // little-endian sa_family (x86_64, aarch64)
        System.arraycopy(path, 0, addr, 3, path.length);
        if (LIBC.bind(fd, addr, addr.length) < 0) {
            int errno = Native.getLastError();
            LIBC.close(fd);
            throw new IllegalStateException("bind @" + name + ": errno " + errno);
        }
        return new NotifySocket(fd, name);
    }

    /** The value for {@code NOTIFY_SOCKET}. */
    String address() {
        return "@" + name;
    }

    /** Every datagram waiting now, oldest first. */
    List<String> drain() {
        List<String> out = new ArrayList<>();
        byte[] buf = new byte[4096];
        while (true) {
            int n = LIBC.recv(fd, buf, buf.length, MSG_DONTWAIT);
            if (n < 0) {
                return out;
            }
            out.add(new String(buf, 0, n, StandardCharsets.UTF_8));
        }
    }

    @Override
    public void close() {
        LIBC.close(fd);
    }
}
