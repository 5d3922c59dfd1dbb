package dev.jsm.sa.agent;

import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.SaStatus;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.query.AliasGuids;
import dev.jsm.sa.query.RecordSet;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaView;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The alias GUIDs of the end ports and GUIDInfoRecord Set and Delete, with OpenSM's rules (docs/routers.md):
 * <ul>
 *   <li>both need the LID and BlockNum components (else ERR_INSUFFICIENT_COMPONENTS); a requester the view does
 *       not know, or one that shares no partition with the port, gets no answer; a LID of no end port, or a block
 *       beyond the port's GUIDCap, gets ERR_NO_RECORDS; GUID0 of block 0 (the port's own GUID) in the mask gets
 *       ERR_REQ_INVALID;</li>
 *   <li>Set writes each GUID in the mask: a GUID that is already another port's (or at another index of this
 *       one) is not taken; GUID 0 keeps the alias at that index, else reuses the GUID the SA assigned there before,
 *       else assigns a new one: OUI 0x001405, then the {@code sm_assigned_guid} byte, then a 32-bit count
 *       (ERR_NO_RESOURCES when the count runs out);</li>
 *   <li>Delete clears each GUID in the mask, unless one is a multicast member (ERR_REQ_DENIED, nothing cleared);</li>
 *   <li>the answer is the block as it is now; a change is reported to the {@link AliasGuidListener}, which has the
 *       SM write the block to the port.</li>
 * </ul>
 * Aliases of ports gone from the view are dropped at each publish ({@link #dropDeparted}); what the SA assigned is
 * remembered, per port and index, for the life of the process (OpenSM keeps it in its SA database file). With
 * {@code rtr_aguid_enable 1} every CA port also gets an SA-assigned alias at index 1 at each publish where it has
 * none ({@link #giveCaAliases}), so that a host can be named from behind a router by a GUID the SM manages.
 *
 * <p>Confined to the SA agent's thread, but for {@link #portOf}, which any thread may call.
 */
final class AliasGuidRegistry implements AliasGuids {

    private static final int COMPONENT_LID = 0;
    private static final int COMPONENT_BLOCK_NUM = 1;
    private static final int COMPONENT_GUID0 = 4;
    private static final long OUI = 0x001405L;
    private static final int MAX_TRIES = 1000;

    private final McastRegistry mcast;
    /** Per port GUID its GUIDInfo table (index 0 its own GUID). */
    private final Map<Long, long[]> tables = new HashMap<>();
    /**
     * Per alias GUID the port it belongs to; concurrent because PathRecord Gets answered on the receive thread read
     * it ({@link #portOf}), written on the agent's thread only.
     */
    private final Map<Long, Long> owners = new ConcurrentHashMap<>();
    /** Per port GUID what the SA assigned at each index. */
    private final Map<Long, long[]> assigned = new HashMap<>();
    private volatile AliasGuidListener listener = AliasGuidListener.NONE;
    private int assignedCount;

    AliasGuidRegistry(McastRegistry mcast) {
        this.mcast = mcast;
    }

    void setListener(AliasGuidListener l) {
        listener = l;
    }

    @Override
    public long portOf(long guid) {
        Long port = owners.get(guid);
        return port == null ? 0 : port;
    }

    @Override
    public long[] table(long portGuid) {
        return tables.get(portGuid);
    }

    /** SubnAdmSet(GUIDInfoRecord). */
    SaAnswer set(SaView view, SaRequest request) {
        return change(view, request, true);
    }

    /** SubnAdmDelete(GUIDInfoRecord). */
    SaAnswer delete(SaView view, SaRequest request) {
        return change(view, request, false);
    }

    /** Forgets the aliases of the ports {@code view} no longer has. */
    void dropDeparted(SaView view) {
        SubnetSnapshot s = view.snapshot();
        tables.keySet().removeIf(port -> s.endPort(port) == null);
        owners.values().removeIf(port -> !tables.containsKey(port));
    }

    /**
     * With {@code rtr_aguid_enable 1} ({@link dev.jsm.sa.query.RouterPaths#caAliasGuids}): gives every CA port of
     * {@code view} whose GUIDCap has room for an alias and that has none at index 1 the GUID the SA assigned there
     * before, else a new one, as a GUIDInfoRecord Set of GUID 0 at index 1 would; each change goes to the listener,
     * which has the SM write block 0 to the port. A port back after it left gets its earlier GUID again.
     *
     * @return how many ports got one
     */
    int giveCaAliases(SaView view) {
        if (!view.settings().router().caAliasGuids()) {
            return 0;
        }
        SubnetSnapshot s = view.snapshot();
        int given = 0;
        for (EndPortView port : s.endPorts()) {
            int guidCap = port.kind() == NodeKind.CA ? s.portOf(port).attributes().guidCap() : 0;
            long[] table = tables.get(port.portGuid());
            if (guidCap < 2 || table != null && table[1] != 0) {
                continue;
            }
            int blocks = (guidCap + GuidInfoRecord.GUIDS - 1) / GuidInfoRecord.GUIDS;
            long g = assignedAt(s, port.portGuid(), 1, view.settings().smAssignedGuid(), blocks);
            if (g <= 0) {
                continue;
            }
            if (table == null) {
                table = new long[blocks * GuidInfoRecord.GUIDS];
                table[0] = port.portGuid();
                tables.put(port.portGuid(), table);
            }
            if (put(s, port.portGuid(), table, 1, g)) {
                given++;
                listener.aliasesChanged(port.portGuid(), 0, Arrays.copyOf(table, GuidInfoRecord.GUIDS));
            }
        }
        return given;
    }

    private SaAnswer change(SaView view, SaRequest request, boolean set) {
        if (!request.has(COMPONENT_LID) || !request.has(COMPONENT_BLOCK_NUM)) {
            return error(SaStatus.INSUFFICIENT_COMPONENTS);
        }
        SubnetSnapshot s = view.snapshot();
        GuidInfoRecord rec = GuidInfoRecord.decode(request.data(), 0);
        EndPortView requester = s.endPortByLid(request.from().lid());
        if (requester == null) {
            return SaAnswer.dropped();
        }
        EndPortView port = s.endPortByLid(rec.lid());
        if (port == null) {
            return error(SaStatus.NO_RECORDS);
        }
        if (view.partitions().commonPKey(requester.portGuid(), port.portGuid()) < 0) {
            return SaAnswer.dropped();
        }
        int guidCap = s.portOf(port).attributes().guidCap();
        int blocks = (guidCap + GuidInfoRecord.GUIDS - 1) / GuidInfoRecord.GUIDS;
        long[] table = tables.get(port.portGuid());
        if (!set && table == null) {
            return answer(rec.lid(), rec.blockNum(), rec.guids());
        }
        if (rec.blockNum() >= blocks) {
            return error(SaStatus.NO_RECORDS);
        }
        if (rec.blockNum() == 0 && request.has(COMPONENT_GUID0)) {
            return error(SaStatus.REQ_INVALID);
        }
        if (table == null) {
            table = new long[blocks * GuidInfoRecord.GUIDS];
            table[0] = port.portGuid();
            tables.put(port.portGuid(), table);
        }
        int first = rec.blockNum() * GuidInfoRecord.GUIDS;
        int end = Math.min(first + GuidInfoRecord.GUIDS, guidCap);
        boolean changed;
        if (set) {
            changed = false;
            for (int i = first; i < end; i++) {
                if (request.has(COMPONENT_GUID0 + i - first)) {
                    long g = rec.guids()[i - first];
                    if (g == 0 && table[i] == 0) {
                        g = assignedAt(s, port.portGuid(), i, view.settings().smAssignedGuid(), blocks);
                        if (g < 0) {
                            return error(SaStatus.NO_RESOURCES);
                        }
                    }
                    changed |= g != 0 && put(s, port.portGuid(), table, i, g);
                }
            }
        } else {
            for (int i = first; i < end; i++) {
                if (request.has(COMPONENT_GUID0 + i - first) && table[i] != 0 && mcast.hasMember(table[i])) {
                    return error(SaStatus.DENIED);
                }
            }
            changed = false;
            for (int i = first; i < end; i++) {
                if (request.has(COMPONENT_GUID0 + i - first) && table[i] != 0) {
                    owners.remove(table[i]);
                    table[i] = 0;
                    changed = true;
                }
            }
        }
        long[] block = Arrays.copyOfRange(table, first, first + GuidInfoRecord.GUIDS);
        if (changed) {
            listener.aliasesChanged(port.portGuid(), rec.blockNum(), block.clone());
        }
        return answer(rec.lid(), rec.blockNum(), block);
    }

    /**
     * Puts alias {@code g} at index {@code i} unless it is taken: a port's own GUID, another port's alias, or this
     * port's at another index.
     *
     * @return whether the table changed
     */
    private boolean put(SubnetSnapshot s, long port, long[] table, int i, long g) {
        if (table[i] == g) {
            return false;
        }
        if (s.endPort(g) != null || owners.containsKey(g)) {
            return false;
        }
        if (table[i] != 0) {
            owners.remove(table[i]);
        }
        table[i] = g;
        owners.put(g, port);
        return true;
    }

    /**
     * The GUID the SA assigned at index {@code i} of {@code port} before, else a new one (remembered); -1 when the
     * count ran out or no free GUID turned up. A remembered GUID that is now another port's is returned as 0 (not
     * taken).
     */
    private long assignedAt(SubnetSnapshot s, long port, int i, int smAssignedGuid, int blocks) {
        long[] mine = assigned.computeIfAbsent(port, p -> new long[blocks * GuidInfoRecord.GUIDS]);
        if (i < mine.length && mine[i] != 0) {
            Long owner = owners.get(mine[i]);
            return owner == null || owner == port ? mine[i] : 0;
        }
        for (int tries = 0; tries < MAX_TRIES; tries++) {
            if (assignedCount == -1) {
                return -1;
            }
            long g = OUI << 40 | (long) (smAssignedGuid & 0xFF) << 32 | Integer.toUnsignedLong(++assignedCount);
            if (s.endPort(g) == null && !owners.containsKey(g)) {
                if (i < mine.length) {
                    mine[i] = g;
                }
                return g;
            }
        }
        return -1;
    }

    private static SaAnswer answer(int lid, int block, long[] guids) {
        RecordSet out = new RecordSet(GuidInfoRecord.SIZE);
        int off = out.reserve();
        new GuidInfoRecord(lid, block, guids).encodeTo(out.buffer(), off);
        out.commit();
        return SaAnswer.of(out);
    }

    private static SaAnswer error(int status) {
        return SaAnswer.error(status, GuidInfoRecord.SIZE);
    }
}
