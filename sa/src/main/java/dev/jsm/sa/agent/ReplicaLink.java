package dev.jsm.sa.agent;

import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.ServiceRecord;
import java.util.Arrays;

/**
 * How the SA's state travels between two jsm SMs (docs/operations.md, "SA state across restarts and failovers"):
 * each frame of the standby channel in the data of one vendor MAD - class {@link #MGMT_CLASS} (range 1: no RMPP, no
 * OUI), class version 1, method Send (no answer: the frames acknowledge each other), attribute {@link #ATTRIBUTE_ID}
 * (a vendor-specific attribute), the frame from byte 24 - sent to QP1 of the other SM's port.
 *
 * <p>A standby asks for the state by registering a ServiceRecord with the master's SA ({@link #SERVICE_ID},
 * {@link #SERVICE_NAME}, its own port's GID, a lease of {@link #LEASE_SECONDS} renewed every
 * {@link #RENEW_SECONDS}): only an SM that registered it gets frames, so a master never sends vendor MADs to an SM
 * that is not jsm (OpenSM has no agent for the class), and the master streams only to ports it also knows as
 * standby SMs with its SM_Key.
 *
 * <p>Stateless.
 */
final class ReplicaLink {

    /** The vendor class the frames travel in. */
    static final MgmtClass MGMT_CLASS = MgmtClass.VENDOR_09;
    /** Its class version. */
    static final int CLASS_VERSION = 1;
    /** The attribute of a frame (vendor-specific range 0xFF00-0xFFFF). */
    static final int ATTRIBUTE_ID = 0xFF01;
    /** Where the frame starts in the MAD (range 1: right after the common header). */
    static final int DATA_OFFSET = 24;
    /** The ServiceID a standby registers to ask for the state. */
    static final long SERVICE_ID = 0x4A53_4D00_5341_5231L;
    /** The ServiceName it registers with it. */
    static final String SERVICE_NAME = "jsm SA state replica";
    /** The lease of that record. */
    static final long LEASE_SECONDS = 60;
    /** How often the standby registers it again. */
    static final long RENEW_SECONDS = 20;

    private ReplicaLink() {
    }

    /** The vendor MAD carrying {@code frame}, with TransactionID {@code tid}. */
    static byte[] mad(byte[] frame, long tid) {
        byte[] mad = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MGMT_CLASS.value(), CLASS_VERSION, Method.SEND.value(), 0, 0, tid, ATTRIBUTE_ID, 0)
                .encodeTo(mad);
        System.arraycopy(frame, 0, mad, DATA_OFFSET, frame.length);
        return mad;
    }

    /** Whether {@code mad} (of {@code length} bytes) is a frame of the channel. */
    static boolean isFrame(byte[] mad, int length) {
        return length > DATA_OFFSET && MadHeader.MGMT_CLASS.getInt(mad, 0) == MGMT_CLASS.value()
                && MadHeader.CLASS_VERSION.getInt(mad, 0) == CLASS_VERSION
                && MadHeader.METHOD.getInt(mad, 0) == Method.SEND.value()
                && MadHeader.ATTRIBUTE_ID.getInt(mad, 0) == ATTRIBUTE_ID;
    }

    /** The frame's bytes in {@code mad} (up to its end; padding follows the frame). */
    static byte[] frame(byte[] mad, int length) {
        return Arrays.copyOfRange(mad, DATA_OFFSET, Math.min(length, MadHeader.MAD_SIZE));
    }

    /** The ServiceRecord with which the standby at port {@code portGuid} asks for the state. */
    static ServiceRecord request(long portGuid) {
        byte[] data = new byte[ServiceRecord.DATA_SIZE];
        return new ServiceRecord(SERVICE_ID, new Gid(0xFE80_0000_0000_0000L, portGuid), 0xFFFF, LEASE_SECONDS,
                new byte[ServiceRecord.KEY_SIZE], SERVICE_NAME, data);
    }
}
