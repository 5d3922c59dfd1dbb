package dev.jsm.sim.server;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The control datagram of ibsim's client protocol (docs/sim-server.md): 80 bytes, a magic number, the client id, the
 * message type, a length and 64 bytes of data. The four header words, and the integers inside the data, are in the
 * host's byte order (ibsim and umad2sim copy C structs as they are); the attribute copies inside the data (NodeInfo,
 * PortInfo, P_Keys) are in wire order.
 *
 * <p>A mutable view over one datagram's bytes; the server answers by rewriting the request in place and sending it
 * back, as ibsim does. Confined to one thread.
 */
final class CtlMessage {

    /** Size of every control datagram. */
    static final int SIZE = 80;
    /** The magic number every control datagram starts with. */
    static final int MAGIC = 0xDEADBEEF;
    /** Offset and size of the data area. */
    static final int DATA = 16;
    static final int DATA_SIZE = 64;

    /** Message types; {@link #ERROR} is also the type of a refusal. */
    static final int ERROR = 0;
    static final int CONNECT = 1;
    static final int DISCONNECT = 2;
    static final int GET_PORT = 3;
    static final int GET_VENDOR = 4;
    static final int GET_GID = 5;
    static final int GET_GUID = 6;
    static final int GET_NODEINFO = 7;
    static final int GET_PORTINFO = 8;
    static final int SET_ISSM = 9;
    static final int GET_PKEYS = 10;

    /** In CONNECT's data: the client's pid (its reply: the client id), QP, IsSM flag, then the node name. */
    static final int CONNECT_ID = DATA;
    static final int CONNECT_QP = DATA + 4;
    static final int CONNECT_ISSM = DATA + 8;
    static final int CONNECT_NODE = DATA + 12;
    static final int CONNECT_NODE_SIZE = 32;

    private final ByteBuffer buf;

    CtlMessage(byte[] bytes) {
        if (bytes.length != SIZE) {
            throw new IllegalArgumentException("control datagram of " + bytes.length + " bytes, not " + SIZE);
        }
        buf = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
    }

    /** A request as a client builds it (tests). */
    static CtlMessage request(int clientId, int type) {
        CtlMessage m = new CtlMessage(new byte[SIZE]);
        m.buf.putInt(0, MAGIC);
        m.buf.putInt(4, clientId);
        m.buf.putInt(8, type);
        return m;
    }

    byte[] bytes() {
        return buf.array();
    }

    int magic() {
        return buf.getInt(0);
    }

    int clientId() {
        return buf.getInt(4);
    }

    int type() {
        return buf.getInt(8);
    }

    void setType(int type) {
        buf.putInt(8, type);
    }

    int dataInt(int off) {
        return buf.getInt(DATA + off);
    }

    void putDataInt(int off, int v) {
        buf.putInt(DATA + off, v);
    }

    void putDataLong(int off, long v) {
        buf.putLong(DATA + off, v);
    }

    void putDataShort(int off, int v) {
        buf.putShort(DATA + off, (short) v);
    }

    int dataByte(int off) {
        return buf.get(DATA + off) & 0xFF;
    }

    void putDataByte(int off, int v) {
        buf.put(DATA + off, (byte) v);
    }

    /** Copies {@code n} bytes of {@code src} into the data area at {@code off}. */
    void putData(int off, byte[] src, int n) {
        System.arraycopy(src, 0, buf.array(), DATA + off, n);
    }

    /** Clears the data area. */
    void clearData() {
        Arrays.fill(buf.array(), DATA, DATA + DATA_SIZE, (byte) 0);
    }

    /** CONNECT: the node the client asks for (its SIM_HOST), empty for the default node. */
    String connectNode() {
        byte[] b = buf.array();
        int end = CONNECT_NODE;
        while (end < CONNECT_NODE + CONNECT_NODE_SIZE && b[end] != 0) {
            end++;
        }
        return new String(b, CONNECT_NODE, end - CONNECT_NODE, StandardCharsets.UTF_8);
    }

    /** CONNECT's answer: the client id and the name of the node it was attached to (cut to 31 bytes). */
    void putConnectAnswer(int clientId, String node) {
        buf.putInt(CONNECT_ID, clientId);
        byte[] name = node.getBytes(StandardCharsets.UTF_8);
        byte[] b = buf.array();
        Arrays.fill(b, CONNECT_NODE, CONNECT_NODE + CONNECT_NODE_SIZE, (byte) 0);
        System.arraycopy(name, 0, b, CONNECT_NODE, Math.min(name.length, CONNECT_NODE_SIZE - 1));
    }

    /** CONNECT (tests): asks for {@code node} with pid {@code pid}. */
    void putConnectRequest(int pid, boolean issm, String node) {
        buf.putInt(CONNECT_ID, pid);
        buf.putInt(CONNECT_ISSM, issm ? 1 : 0);
        byte[] name = node.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, buf.array(), CONNECT_NODE, Math.min(name.length, CONNECT_NODE_SIZE - 1));
    }
}
