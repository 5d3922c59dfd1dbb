package dev.jsm.sa.state;

import dev.jsm.sa.codec.ServiceRecord;
import java.util.Arrays;

/**
 * One registered ServiceRecord as the SA keeps it, for the dump file and the standby: the record's 176 bytes (its
 * ServiceLease the lease that was asked for), how long it has left from the moment its {@link SaState} was taken,
 * and the requester that owns it (the port GUID that registered it, or the LID of a registrar the SM did not know;
 * a record from a file that does not say is owned by the port its ServiceGID names).
 *
 * <p>Immutable; safe to share (the array is copied in and out).
 *
 * @param record the record's bytes ({@link ServiceRecord#SIZE})
 * @param leftMillis milliseconds until it expires, or {@link #INFINITE}
 * @param owner who may change it besides the port it names and trusted requesters
 */
public record ServiceState(byte[] record, long leftMillis, long owner) {

    /** {@link #leftMillis} of a record that never expires (ServiceLease 0xFFFFFFFF). */
    public static final long INFINITE = -1;

    /**
     * Copies the record.
     *
     * @throws IllegalArgumentException if the record is not {@link ServiceRecord#SIZE} bytes or the time left is
     *     negative but not {@link #INFINITE}
     */
    public ServiceState {
        if (record.length != ServiceRecord.SIZE || leftMillis < INFINITE) {
            throw new IllegalArgumentException("a ServiceRecord is " + ServiceRecord.SIZE + " bytes with a time "
                    + "left of at least 0 ms, not " + record.length + " bytes and " + leftMillis + " ms");
        }
        record = record.clone();
    }

    /** A copy of the record's bytes. */
    @Override
    public byte[] record() {
        return record.clone();
    }

    /** The record's identity (ServiceID, ServiceGID, low 15 bits of ServiceP_Key). */
    public ServiceRid rid() {
        return ServiceRid.of(record, 0);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceState s && Arrays.equals(record, s.record) && leftMillis == s.leftMillis
                && owner == s.owner;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(record) * 31 + Long.hashCode(leftMillis) * 17 + Long.hashCode(owner);
    }

    @Override
    public String toString() {
        return "ServiceState[" + rid() + ", leftMillis=" + leftMillis + ", owner=0x" + Long.toHexString(owner) + "]";
    }
}
