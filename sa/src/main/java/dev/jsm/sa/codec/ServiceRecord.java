package dev.jsm.sa.codec;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.codec.Layout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * ServiceRecord (SA attribute 0x0031, 176 bytes; IBA 15.2.5.14): a service a port registers with the SA (Set),
 * finds (Get/GetTable) and withdraws (Delete); it expires after ServiceLease seconds ({@link #LEASE_INFINITE} =
 * never).
 *
 * <p>Components (docs/reference/mad-formats.md#servicerecord): 0 ServiceID,
 * 1 ServiceGID, 2 ServiceP_Key, 3 reserved, 4 ServiceLease,
 * 5 ServiceKey, 6 ServiceName, 7..22 ServiceData8[0..15], 23..30 ServiceData16[0..7], 31..34 ServiceData32[0..3],
 * 35..36 ServiceData64[0..1].
 *
 * <p>Immutable; safe to share (the arrays are copied in and out).
 *
 * @param serviceId ServiceID
 * @param serviceGid GID of the port offering the service
 * @param servicePKey P_Key the service is reached through
 * @param serviceLease lease in seconds (unsigned 32 bits)
 * @param serviceKey ServiceKey (16 bytes)
 * @param serviceName ServiceName (up to 64 bytes of UTF-8)
 * @param serviceData ServiceData8/16/32/64 as the 64 bytes they occupy (record bytes 112..175)
 */
public record ServiceRecord(long serviceId, Gid serviceGid, int servicePKey, long serviceLease, byte[] serviceKey,
                            String serviceName, byte[] serviceData) {

    /** Record size in bytes. */
    public static final int SIZE = 176;
    /** ServiceLease meaning "never expires". */
    public static final long LEASE_INFINITE = 0xFFFF_FFFFL;
    /** Length of ServiceKey. */
    public static final int KEY_SIZE = 16;
    /** Length of the ServiceData area. */
    public static final int DATA_SIZE = 64;

    public static final int COMPONENT_SERVICE_ID = 0;
    public static final int COMPONENT_SERVICE_GID = 1;
    public static final int COMPONENT_SERVICE_P_KEY = 2;
    public static final int COMPONENT_SERVICE_LEASE = 4;
    public static final int COMPONENT_SERVICE_KEY = 5;
    public static final int COMPONENT_SERVICE_NAME = 6;

    public static final Field SERVICE_ID = Field.u64("ServiceID", 0);
    public static final Field SERVICE_GID = Field.bytes("ServiceGID", 8, 16);
    public static final Field SERVICE_P_KEY = Field.u16("ServiceP_Key", 24);
    public static final Field SERVICE_LEASE = Field.u32("ServiceLease", 28);
    public static final Field SERVICE_KEY = Field.bytes("ServiceKey", 32, KEY_SIZE);
    public static final Field SERVICE_NAME = Field.text("ServiceName", 48, 64);
    public static final Field SERVICE_DATA = Field.bytes("ServiceData", 112, DATA_SIZE);

    public static final Layout LAYOUT = Layout.of("ServiceRecord", SIZE, SERVICE_ID, SERVICE_GID, SERVICE_P_KEY,
            Field.reservedBytes(26, 2), SERVICE_LEASE, SERVICE_KEY, SERVICE_NAME, SERVICE_DATA);
    public static final Components COMPONENTS = Components.of(components());

    /**
     * Copies the arrays.
     *
     * @throws IllegalArgumentException if the key is not 16 or the data not 64 bytes
     */
    public ServiceRecord {
        if (serviceKey.length != KEY_SIZE || serviceData.length != DATA_SIZE) {
            throw new IllegalArgumentException("ServiceKey is 16 and ServiceData 64 bytes, not "
                    + serviceKey.length + " and " + serviceData.length);
        }
        serviceKey = serviceKey.clone();
        serviceData = serviceData.clone();
    }

    /** A copy of ServiceKey. */
    @Override
    public byte[] serviceKey() {
        return serviceKey.clone();
    }

    /** A copy of the ServiceData bytes. */
    @Override
    public byte[] serviceData() {
        return serviceData.clone();
    }

    /** Decodes the record at {@code off}. */
    public static ServiceRecord decode(byte[] b, int off) {
        return new ServiceRecord(SERVICE_ID.getLong(b, off), Gid.read(SERVICE_GID, b, off),
                SERVICE_P_KEY.getInt(b, off), SERVICE_LEASE.getLong(b, off), SERVICE_KEY.getBytes(b, off),
                SERVICE_NAME.getText(b, off), SERVICE_DATA.getBytes(b, off));
    }

    /** Encodes the record at {@code off}, reserved bytes zeroed. */
    public void encodeTo(byte[] b, int off) {
        Arrays.fill(b, off, off + SIZE, (byte) 0);
        SERVICE_ID.put(b, off, serviceId);
        serviceGid.write(SERVICE_GID, b, off);
        SERVICE_P_KEY.put(b, off, servicePKey);
        SERVICE_LEASE.put(b, off, serviceLease);
        SERVICE_KEY.putBytes(b, off, serviceKey);
        SERVICE_NAME.putText(b, off, serviceName);
        SERVICE_DATA.putBytes(b, off, serviceData);
    }

    /** A copy with another lease (what the SA stores after a Set). */
    public ServiceRecord withServiceLease(long lease) {
        return new ServiceRecord(serviceId, serviceGid, servicePKey, lease, serviceKey, serviceName, serviceData);
    }

    /** A copy with ServiceKey zeroed (what untrusted requesters see). */
    public ServiceRecord withoutServiceKey() {
        return new ServiceRecord(serviceId, serviceGid, servicePKey, serviceLease, new byte[KEY_SIZE], serviceName,
                serviceData);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceRecord r && r.serviceId == serviceId && r.serviceGid.equals(serviceGid)
                && r.servicePKey == servicePKey && r.serviceLease == serviceLease
                && Arrays.equals(r.serviceKey, serviceKey) && r.serviceName.equals(serviceName)
                && Arrays.equals(r.serviceData, serviceData);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(serviceId) * 31 + serviceGid.hashCode();
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.of();
        return String.format("ServiceRecord[serviceId=0x%016x, serviceGid=%s, servicePKey=0x%04x, serviceLease=%d, "
                        + "serviceKey=%s, serviceName='%s', serviceData=%s]", serviceId, serviceGid, servicePKey,
                serviceLease, hex.formatHex(serviceKey), serviceName, hex.formatHex(serviceData));
    }

    private static List<Field> components() {
        List<Field> f = new ArrayList<>(List.of(SERVICE_ID, SERVICE_GID, SERVICE_P_KEY, Field.reservedBytes(26, 2),
                SERVICE_LEASE, SERVICE_KEY, SERVICE_NAME));
        for (int i = 0; i < 16; i++) {
            f.add(Field.u8("ServiceData8." + i, 112 + i));
        }
        for (int i = 0; i < 8; i++) {
            f.add(Field.u16("ServiceData16." + i, 128 + 2 * i));
        }
        for (int i = 0; i < 4; i++) {
            f.add(Field.u32("ServiceData32." + i, 144 + 4 * i));
        }
        for (int i = 0; i < 2; i++) {
            f.add(Field.u64("ServiceData64." + i, 160 + 8 * i));
        }
        return f;
    }
}
