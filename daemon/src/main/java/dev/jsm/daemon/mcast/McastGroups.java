package dev.jsm.daemon.mcast;

import dev.jsm.subnet.Guid;
import dev.jsm.subnet.Lid;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The multicast groups the switches must forward: for each MLID, the port GUIDs of its members. The SA adds and
 * removes members as hosts join and leave (MCMemberRecord), the partition manager creates the IPoIB broadcast groups;
 * the {@link MftProgrammer} turns the groups into MFTs at every heavy sweep, and in between reprograms the MLIDs
 * whose members changed ({@link #takeChanged}). A well-known group stays when its last member leaves; any other
 * group goes.
 *
 * <p>Confined to the SM thread.
 */
public final class McastGroups {

    private final Map<Integer, Set<Long>> members = new TreeMap<>();
    private final Set<Integer> wellKnown = new HashSet<>();
    /** MLIDs (minus 0xC000) created, joined or left since {@link #takeChanged} last took them. */
    private final BitSet changed = new BitSet();

    /**
     * Creates the group {@code mlid} if it does not exist.
     *
     * @param wellKnown whether the group outlives its members (partition broadcast groups)
     * @throws IllegalArgumentException if {@code mlid} is not a multicast LID
     */
    public void create(int mlid, boolean wellKnown) {
        check(mlid);
        if (!members.containsKey(mlid)) {
            members.put(mlid, new LinkedHashSet<>());
            changed.set(mlid - Lid.MULTICAST_MIN);
        }
        if (wellKnown) {
            this.wellKnown.add(mlid);
        }
    }

    /** Adds {@code portGuid} to {@code mlid}, creating the group; returns whether it was not a member before. */
    public boolean join(int mlid, long portGuid) {
        check(mlid);
        boolean added = members.computeIfAbsent(mlid, m -> new LinkedHashSet<>()).add(portGuid);
        if (added) {
            changed.set(mlid - Lid.MULTICAST_MIN);
        }
        return added;
    }

    /**
     * Removes {@code portGuid} from {@code mlid}; a group that is not well known is deleted with its last member.
     * Returns whether it was a member.
     */
    public boolean leave(int mlid, long portGuid) {
        Set<Long> m = members.get(mlid);
        if (m == null || !m.remove(portGuid)) {
            return false;
        }
        changed.set(mlid - Lid.MULTICAST_MIN);
        if (m.isEmpty() && !wellKnown.contains(mlid)) {
            members.remove(mlid);
        }
        return true;
    }

    /**
     * The MLIDs whose group was created, joined or left since the last call, and forgets them: the multicast
     * stage takes them at every run (a heavy sweep recomputes all groups anyway).
     */
    public BitSet takeChanged() {
        BitSet out = new BitSet();
        for (int i = changed.nextSetBit(0); i >= 0; i = changed.nextSetBit(i + 1)) {
            out.set(Lid.MULTICAST_MIN + i);
        }
        changed.clear();
        return out;
    }

    /** The groups, by ascending MLID, each with its members in join order. Read-only view. */
    public Map<Integer, Set<Long>> groups() {
        return Collections.unmodifiableMap(members);
    }

    private static void check(int mlid) {
        if (mlid < Lid.MULTICAST_MIN || mlid > Lid.MULTICAST_MAX) {
            throw new IllegalArgumentException("MLID 0x" + Integer.toHexString(mlid) + " is not a multicast LID "
                    + "(0xc000-0x" + Integer.toHexString(Lid.MULTICAST_MAX) + ")");
        }
    }

    /** {@code McastGroups{0xc000=[0x...], ...}} for logs. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("McastGroups{");
        members.forEach((mlid, m) -> {
            sb.append(sb.length() > 12 ? ", " : "").append("0x").append(Integer.toHexString(mlid)).append('=');
            sb.append(m.stream().map(Guid::toString).toList());
        });
        return sb.append('}').toString();
    }
}
