package dev.jsm.sa.event;

import dev.jsm.mad.codec.Field;
import dev.jsm.mad.smp.Notice;
import dev.jsm.sa.codec.Gid;

/**
 * The notices the SM issues itself (IBA 14.2.5.1, docs/reference/opensm-behaviour.md#traps-and-event-forwarding):
 * generic, type 3 (subnet management), producer 4
 * (class manager), issued from the SM's LID, with the GID they are about in DataDetails bytes 6..21 (after six
 * reserved bytes): trap 64 GID in service, 65 GID out of service, 66 multicast group created, 67 multicast group
 * deleted.
 *
 * <p>Stateless.
 */
public final class SmNotices {

    /** Trap 64: a GID is in service (a new end port). */
    public static final int GID_IN_SERVICE = 64;
    /** Trap 65: a GID is out of service (an end port is gone). */
    public static final int GID_OUT_OF_SERVICE = 65;
    /** Trap 66: a multicast group got its first full member. */
    public static final int MCAST_GROUP_CREATED = 66;
    /** Trap 67: a multicast group lost its last full member. */
    public static final int MCAST_GROUP_DELETED = 67;
    /** The GID in the DataDetails of traps 64-67, in DataDetails coordinates. */
    public static final Field DETAILS_GID = Field.bytes("GID", 6, Gid.SIZE);

    private SmNotices() {
    }

    /** Notice {@code trapNumber} (64..67) about {@code gid}, issued by the SM at {@code smLid}. */
    public static Notice of(int trapNumber, Gid gid, int smLid) {
        byte[] details = new byte[Notice.DATA_DETAILS_LENGTH];
        gid.write(DETAILS_GID, details, 0);
        return new Notice(true, Notice.TYPE_SUBNET_MANAGEMENT, Notice.PRODUCER_CLASS_MANAGER, trapNumber, smLid, 0,
                0, details);
    }
}
