package dev.jsm.sa.state;

import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.McMemberRecord;
import java.util.List;

/**
 * One multicast group as the SA keeps it, for the dump file and the standby: its parameters (MGID, MLID and the
 * group's values as an {@link McMemberRecord}, whose PortGID is unused), whether it is a partition's well-known
 * group, the port that created it (its GID; {@link Gid#ZERO} for none: well-known groups and groups restored from
 * a file that did not say), and its members in join order.
 *
 * <p>Immutable; safe to share.
 *
 * @param params the group's values
 * @param wellKnown whether the group outlives its members (a partition defines it)
 * @param creator the GID of the port that created it, or {@link Gid#ZERO}
 * @param members the members, in join order (empty in a replicated group change, whose members travel apart)
 */
public record McastGroupState(McMemberRecord params, boolean wellKnown, Gid creator, List<McastMemberState> members) {

    /** Copies the member list. */
    public McastGroupState {
        members = List.copyOf(members);
    }

    /** The group's MGID. */
    public Gid mgid() {
        return params.mgid();
    }

    /** The group's MLID. */
    public int mlid() {
        return params.mlid();
    }

    /** This group without its members. */
    public McastGroupState withoutMembers() {
        return members.isEmpty() ? this : new McastGroupState(params, wellKnown, creator, List.of());
    }
}
