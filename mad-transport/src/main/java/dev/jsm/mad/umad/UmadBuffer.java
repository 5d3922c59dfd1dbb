package dev.jsm.mad.umad;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.jsm.mad.channel.MadAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One preallocated {@code struct ib_user_mad} plus room for a 256-byte MAD, with Java views for reading and writing
 * its fields without native calls (offsets from {@code <infiniband/umad.h>}, checked with gcc {@code offsetof}).
 *
 * <p>Header fields {@code agent_id}, {@code status} and {@code pkey_index} are host order; {@code qpn}, {@code qkey}
 * and {@code lid} are big-endian. The MAD starts at {@code umad_size()}: 64 with the pkey ABI that
 * {@code umad_open_port} enables, 56 without it (then there is no {@code pkey_index}).
 *
 * <p>Confined to one thread (the receive thread, or senders holding the channel's send lock).
 */
final class UmadBuffer {

    /** Size of a MAD without RMPP. */
    static final int MAD_SIZE = 256;
    private static final int OFF_STATUS = 4;
    private static final int OFF_QPN = 20;
    private static final int OFF_QKEY = 24;
    private static final int OFF_LID = 28;
    private static final int OFF_SL = 30;
    private static final int OFF_PKEY_INDEX = 56;
    /** {@code umad_size()} of the ABI that carries {@code pkey_index}. */
    private static final int PKEY_ABI_HEADER_SIZE = 64;

    private final int headerSize;
    private final Memory memory;
    private final long address;
    private final ByteBuffer host;
    private final ByteBuffer big;

    /** A zeroed buffer for a header of {@code headerSize} bytes (the value of {@code umad_size()}). */
    UmadBuffer(int headerSize) {
        this.headerSize = headerSize;
        this.memory = new Memory(headerSize + MAD_SIZE);
        memory.clear();
        this.address = Pointer.nativeValue(memory);
        this.host = memory.getByteBuffer(0, memory.size()).order(ByteOrder.nativeOrder());
        this.big = memory.getByteBuffer(0, memory.size()).order(ByteOrder.BIG_ENDIAN);
    }

    /** The native address, for the {@code umad_*} calls. */
    long address() {
        return address;
    }

    /** {@code ib_user_mad.status}: 0, or an errno for a MAD handed back undelivered. */
    int status() {
        return host.getInt(OFF_STATUS);
    }

    /** Zeroes the header (before filling in a send). */
    void clearHeader() {
        for (int i = 0; i < headerSize; i += 8) {
            host.putLong(i, 0L);
        }
    }

    /** Sets {@code pkey_index} (a no-op on the old ABI, which has no such field). */
    void setPkeyIndex(int pkeyIndex) {
        if (headerSize >= PKEY_ABI_HEADER_SIZE) {
            host.putShort(OFF_PKEY_INDEX, (short) pkeyIndex);
        }
    }

    /** Copies {@code length} bytes of {@code mad} into the MAD area. */
    void putMad(byte[] mad, int length) {
        big.put(headerSize, mad, 0, length);
    }

    /** Copies {@code length} bytes of the MAD area into {@code dst}. */
    void getMad(byte[] dst, int length) {
        big.get(headerSize, dst, 0, length);
    }

    /** The remote LID of a received MAD. */
    int lid() {
        return big.getShort(OFF_LID) & 0xFFFF;
    }

    /** The remote QP number of a received MAD (24 bits). */
    int qpn() {
        return big.getInt(OFF_QPN) & 0xFF_FFFF;
    }

    /** The Q_Key of a received MAD. */
    int qkey() {
        return big.getInt(OFF_QKEY);
    }

    /** The service level of a received MAD. */
    int sl() {
        return big.get(OFF_SL) & 0x0F;
    }

    /** The P_Key index a MAD arrived with (0 on the old ABI). */
    int pkeyIndex() {
        return headerSize >= PKEY_ABI_HEADER_SIZE ? host.getShort(OFF_PKEY_INDEX) & 0xFFFF : 0;
    }

    /** Whether the received sender address equals {@code a} (lets the receive thread reuse address objects). */
    boolean sameSender(MadAddress.LidRouted a) {
        return a.lid() == lid() && a.qpn() == qpn() && a.qkey() == qkey() && a.sl() == sl()
                && a.pkeyIndex() == pkeyIndex();
    }
}
