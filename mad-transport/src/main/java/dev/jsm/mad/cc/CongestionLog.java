package dev.jsm.mad.cc;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * CongestionLog (attribute 0x0013, Get only; {@code docs/congestion-control.md#congestionlog}): the head of a node's
 * congestion event log, which starts in the log data area ({@link CongestionControl#LOG_DATA_OFFSET}) and runs to
 * the end of the MAD. LogType says the form: 1 a switch's (its events counter, the time, a 256-bit map of the ports
 * that marked FECNs, then up to 15 events of 12 bytes), 2 a CA's (its threshold events counter, a 16-bit map of the
 * SLs that reached their trigger threshold, the time, then up to 13 events of 16 bytes). Reading the log empties it.
 * The events themselves are not decoded here (nothing in jsm reads them, and the simulator logs none): an encoded
 * log has none.
 *
 * <p>Immutable; safe to share.
 *
 * @param logType LogType: {@link #SWITCH} or {@link #CA}
 * @param congestionFlags CongestionFlags, 8 bits
 * @param eventCounter LogEventsCounter (switch) or ThresholdEventCounter (CA), 16 bits
 * @param eventMap ThresholdCongestionEventMap, 16 bits (CA; 0 for a switch)
 * @param currentTimeStamp CurrentTimeStamp, 32 bits, in units of 1.024 microseconds
 * @param portMap PortMap, 256 bits (switch; 0 for a CA)
 */
public record CongestionLog(int logType, int congestionFlags, int eventCounter, int eventMap, long currentTimeStamp,
                            BigInteger portMap) {

    /** LogType of a switch's log. */
    public static final int SWITCH = 1;
    /** LogType of a CA's log. */
    public static final int CA = 2;
    /** Size of the log: the log data area and the attribute data area. */
    public static final int SIZE = CongestionControl.LOG_DATA_SIZE;

    public static final Field LOG_TYPE = Field.u8("LogType", 0);
    public static final Field CONGESTION_FLAGS = Field.u8("CongestionFlags", 1);
    public static final Field LOG_EVENTS_COUNTER = Field.u16("LogEventsCounter", 2);
    public static final Field SWITCH_TIME_STAMP = Field.u32("CurrentTimeStamp", 4);
    public static final Field PORT_MAP = Field.bytes("PortMap", 8, CcFields.MASK_BYTES);
    public static final Field THRESHOLD_EVENT_COUNTER = Field.u16("ThresholdEventCounter", 2);
    public static final Field THRESHOLD_CONGESTION_EVENT_MAP = Field.u16("ThresholdCongestionEventMap", 4);
    public static final Field CA_TIME_STAMP = Field.u32("CurrentTimeStamp", 8);
    /** The head of a switch's log; its 15 events of 12 bytes follow at byte 40. */
    public static final Layout SWITCH_HEAD_LAYOUT = Layout.of("CongestionLog (switch)", 40, LOG_TYPE,
            CONGESTION_FLAGS, LOG_EVENTS_COUNTER, SWITCH_TIME_STAMP, PORT_MAP);
    /** The head of a CA's log; its 13 events of 16 bytes follow at byte 12. */
    public static final Layout CA_HEAD_LAYOUT = Layout.of("CongestionLog (CA)", 12, LOG_TYPE, CONGESTION_FLAGS,
            THRESHOLD_EVENT_COUNTER, THRESHOLD_CONGESTION_EVENT_MAP, Field.reservedBytes(6, 2), CA_TIME_STAMP);

    /**
     * @throws IllegalArgumentException if a field is out of its range or a switch's field is set in a CA's log
     *     (or the reverse)
     */
    public CongestionLog {
        CcFields.check("CongestionFlags", congestionFlags, 0xFF);
        CcFields.check("event counter", eventCounter, 0xFFFF);
        CcFields.check("CurrentTimeStamp", currentTimeStamp, 0xFFFF_FFFFL);
        CcFields.checkMask("PortMap", portMap);
        if (logType == SWITCH ? eventMap != 0 : logType != CA || portMap.signum() != 0) {
            throw new IllegalArgumentException("LogType " + logType + " with event map " + eventMap
                    + " and port map " + portMap.toString(16));
        }
        CcFields.check("ThresholdCongestionEventMap", eventMap, 0xFFFF);
    }

    /** A switch's log without events. */
    public static CongestionLog ofSwitch(int congestionFlags, int eventCounter, long timeStamp, BigInteger portMap) {
        return new CongestionLog(SWITCH, congestionFlags, eventCounter, 0, timeStamp, portMap);
    }

    /** A CA's log without events. */
    public static CongestionLog ofCa(int congestionFlags, int eventCounter, int eventMap, long timeStamp) {
        return new CongestionLog(CA, congestionFlags, eventCounter, eventMap, timeStamp, BigInteger.ZERO);
    }

    /**
     * Decodes the head of the log at {@code off} (the log data area).
     *
     * @throws IllegalArgumentException if LogType is neither 1 nor 2
     */
    public static CongestionLog decode(byte[] b, int off) {
        int type = LOG_TYPE.getInt(b, off);
        int flags = CONGESTION_FLAGS.getInt(b, off);
        if (type == SWITCH) {
            return ofSwitch(flags, LOG_EVENTS_COUNTER.getInt(b, off), SWITCH_TIME_STAMP.getLong(b, off),
                    CcFields.mask(b, off + PORT_MAP.byteOffset()));
        }
        if (type == CA) {
            return ofCa(flags, THRESHOLD_EVENT_COUNTER.getInt(b, off), THRESHOLD_CONGESTION_EVENT_MAP.getInt(b, off),
                    CA_TIME_STAMP.getLong(b, off));
        }
        throw new IllegalArgumentException("CongestionLog of unknown LogType " + type);
    }

    /** Encodes the log at {@code off} with no events: the rest of its {@link #SIZE} bytes are zero. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        LOG_TYPE.put(b, off, logType);
        CONGESTION_FLAGS.put(b, off, congestionFlags);
        if (logType == SWITCH) {
            LOG_EVENTS_COUNTER.put(b, off, eventCounter);
            SWITCH_TIME_STAMP.put(b, off, currentTimeStamp);
            CcFields.putMask(b, off + PORT_MAP.byteOffset(), portMap);
        } else {
            THRESHOLD_EVENT_COUNTER.put(b, off, eventCounter);
            THRESHOLD_CONGESTION_EVENT_MAP.put(b, off, eventMap);
            CA_TIME_STAMP.put(b, off, currentTimeStamp);
        }
    }
}
