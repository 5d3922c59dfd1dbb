package dev.jsm.partitions;

import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.snapshot.EndPortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import dev.jsm.subnet.snapshot.VPortView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a {@link PartitionConfig} to the end ports of a fabric, statement by statement in file order as OpenSM
 * does, and returns the {@link PartitionSet} in force.
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/partitions.md#partitionresolver.
 */
public final class PartitionResolver {

    private static final byte FULL = 1;
    private static final byte LIMITED = 2;

    private PartitionResolver() {
    }

    /**
     * Resolves {@code config} for the fabric in {@code snapshot}.
     *
     * @param smPortGuid the SM's own port GUID ({@code SELF})
     * @param allowBothPKeys the {@code allow_both_pkeys} option
     * @param qos the {@code qos} option
     */
    public static PartitionSet resolve(PartitionConfig config, SubnetSnapshot snapshot, long smPortGuid,
                                       boolean allowBothPKeys, boolean qos) {
        Members ends = new Members(snapshot);
        int e = ends.size();
        Map<Integer, Draft> drafts = new LinkedHashMap<>();
        List<Integer> groupOwners = new ArrayList<>();
        List<McastGroupSpec> groupSpecs = new ArrayList<>();
        int[] indx0 = new int[e];
        for (PartitionStatement st : config.statements()) {
            Draft d = drafts.computeIfAbsent(st.pkey(), k -> new Draft(st.name(), e));
            d.sl = qos ? st.flags().sl() : 0;
            for (PortSelector sel : st.ports()) {
                for (int i : select(sel, ends, snapshot, smPortGuid)) {
                    add(d.state, indx0, i, st.pkey(), sel.membership(), st.indx0(), allowBothPKeys);
                }
            }
            for (McastGroupSpec g : st.groups()) {
                groupOwners.add(st.pkey());
                groupSpecs.add(g);
            }
        }
        EndPortView sm = snapshot.endPort(smPortGuid);
        keepSmFullInDefault(drafts.get(PartitionConfig.DEFAULT_PKEY), sm == null ? -1 : sm.index(), allowBothPKeys);
        Map<Integer, List<PartitionGroup>> groupsByPKey = new HashMap<>();
        Map<Mgid, PartitionGroup> groups = new LinkedHashMap<>();
        for (int k = 0; k < groupSpecs.size(); k++) {
            int pkey = groupOwners.get(k);
            if (drafts.get(pkey).isEmpty()) {
                continue;
            }
            McastGroupSpec s = groupSpecs.get(k);
            GroupFlags f = s.flags();
            PartitionGroup g = new PartitionGroup(s.mgid(), pkey | 0x8000, f.qKey(), f.mtu(), f.rate(),
                    qos || f.slGiven() ? f.sl() : 0, f.tClass(), f.flowLabel(), s.scope(),
                    s.scope() == PartitionGroup.SCOPE_LINK_LOCAL ? 0 : 0xFF);
            if (groups.putIfAbsent(s.mgid(), g) == null) {
                groupsByPKey.computeIfAbsent(pkey, k2 -> new ArrayList<>()).add(g);
            }
        }
        List<Partition> partitions = new ArrayList<>();
        drafts.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(en -> {
            Draft d = en.getValue();
            if (!d.isEmpty()) {
                partitions.add(new Partition(d.name, en.getKey(), d.sl, d.members(ends, FULL),
                        d.members(ends, LIMITED), groupsByPKey.getOrDefault(en.getKey(), List.of())));
            }
        });
        return new PartitionSet(partitions, new ArrayList<>(groups.values()),
                portKeys(drafts, ends), indx0Keys(indx0, ends, drafts));
    }

    /**
     * The SM's port stays a full member of the default partition whatever the file says: a limited SM port could
     * not answer the SA queries of limited members.
     */
    private static void keepSmFullInDefault(Draft defaultPartition, int sm, boolean allowBoth) {
        if (defaultPartition == null || sm < 0) {
            return;
        }
        byte[] state = defaultPartition.state;
        state[sm] = allowBoth ? (byte) (state[sm] | FULL) : FULL;
    }

    private static int[] select(PortSelector sel, Members ends, SubnetSnapshot snapshot, long smPortGuid) {
        switch (sel.kind()) {
            case SELF, GUID -> {
                int i = ends.indexOf(sel.kind() == PortSelector.Kind.SELF ? smPortGuid : sel.guid());
                return i < 0 ? new int[0] : new int[] {i};
            }
            default -> {
                NodeKind want = switch (sel.kind()) {
                    case ALL_CAS -> NodeKind.CA;
                    case ALL_SWITCHES -> NodeKind.SWITCH;
                    case ALL_ROUTERS -> NodeKind.ROUTER;
                    default -> null;
                };
                boolean vportsToo = sel.kind() == PortSelector.Kind.ALL || sel.kind() == PortSelector.Kind.ALL_VCAS;
                boolean endPortsToo = sel.kind() != PortSelector.Kind.ALL_VCAS;
                int[] out = new int[ends.size()];
                int n = 0;
                for (int i = 0; i < ends.size(); i++) {
                    boolean vport = ends.isVPort(i);
                    if (vport ? vportsToo : endPortsToo && (want == null || ends.kind(i) == want)) {
                        out[n++] = i;
                    }
                }
                return Arrays.copyOf(out, n);
            }
        }
    }

    private static void add(byte[] state, int[] indx0, int i, int pkey, Membership m, boolean isIndx0,
                            boolean allowBoth) {
        if (!allowBoth) {
            state[i] = m == Membership.LIMITED ? LIMITED : FULL;
        } else if (m == Membership.BOTH) {
            state[i] |= FULL | LIMITED;
        } else {
            state[i] = m == Membership.FULL ? FULL : LIMITED;
        }
        // OpenSM records indx0 once per table insertion: the full one first, then the limited one
        if (m != Membership.LIMITED) {
            indx0(indx0, i, pkey | 0x8000, isIndx0);
        }
        if (m == Membership.LIMITED || (m == Membership.BOTH && allowBoth)) {
            indx0(indx0, i, pkey, isIndx0);
        }
    }

    private static void indx0(int[] indx0, int i, int key, boolean isIndx0) {
        if (isIndx0) {
            indx0[i] = key;
        } else if ((indx0[i] & 0x7FFF) == (key & 0x7FFF)) {
            indx0[i] = 0;
        }
    }

    /**
     * Each port's keys in OpenSM's order: partitions by the P_Key's byte-swapped value (OpenSM keys its partition
     * map by the network-order P_Key read as a little-endian number), limited before full within a partition.
     */
    private static Map<Long, int[]> portKeys(Map<Integer, Draft> drafts, Members ends) {
        List<Integer> order = new ArrayList<>(drafts.keySet());
        order.sort((x, y) -> Integer.compare(Integer.reverseBytes(x) >>> 16, Integer.reverseBytes(y) >>> 16));
        int e = ends.size();
        int[][] keys = new int[e][];
        int[] counts = new int[e];
        for (int pkey : order) {
            byte[] st = drafts.get(pkey).state;
            for (int i = 0; i < e; i++) {
                if (st[i] == 0) {
                    continue;
                }
                if (keys[i] == null) {
                    keys[i] = new int[4];
                }
                if ((st[i] & LIMITED) != 0) {
                    keys[i] = append(keys[i], counts[i]++, pkey);
                }
                if ((st[i] & FULL) != 0) {
                    keys[i] = append(keys[i], counts[i]++, pkey | 0x8000);
                }
            }
        }
        Map<Long, int[]> out = new HashMap<>();
        for (int i = 0; i < e; i++) {
            if (keys[i] != null) {
                out.put(ends.guid(i), Arrays.copyOf(keys[i], counts[i]));
            }
        }
        return out;
    }

    private static int[] append(int[] a, int at, int v) {
        int[] r = at < a.length ? a : Arrays.copyOf(a, a.length * 2);
        r[at] = v;
        return r;
    }

    private static Map<Long, Integer> indx0Keys(int[] indx0, Members ends, Map<Integer, Draft> drafts) {
        Map<Long, Integer> out = new HashMap<>();
        for (int i = 0; i < indx0.length; i++) {
            Draft d = indx0[i] == 0 ? null : drafts.get(indx0[i] & 0x7FFF);
            if (d != null && d.state[i] != 0) {
                out.put(ends.guid(i), indx0[i]);
            }
        }
        return out;
    }

    /** One partition being built: name, SL and a membership byte per end port. */
    private static final class Draft {
        final String name;
        final byte[] state;
        int sl;

        Draft(String name, int endPorts) {
            this.name = name;
            this.state = new byte[endPorts];
        }

        boolean isEmpty() {
            for (byte b : state) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        }

        long[] members(Members ends, byte bit) {
            long[] out = new long[state.length];
            int n = 0;
            for (int i = 0; i < state.length; i++) {
                if ((state[i] & bit) != 0) {
                    out[n++] = ends.guid(i);
                }
            }
            return Arrays.copyOf(out, n);
        }
    }

    /**
     * The ports a partition can have as members, numbered: the end ports by their index, then the vports other than
     * vports 0 (which are their end ports).
     */
    private static final class Members {
        private final List<EndPortView> ends;
        private final List<VPortView> vports = new ArrayList<>();
        private final Map<Long, Integer> vportIndex = new HashMap<>();
        private final SubnetSnapshot snapshot;

        Members(SubnetSnapshot snapshot) {
            this.snapshot = snapshot;
            this.ends = snapshot.endPorts();
            for (VPortView v : snapshot.vports()) {
                if (v.vportIndex() != 0) {
                    vportIndex.put(v.guid(), ends.size() + vports.size());
                    vports.add(v);
                }
            }
        }

        int size() {
            return ends.size() + vports.size();
        }

        boolean isVPort(int i) {
            return i >= ends.size();
        }

        long guid(int i) {
            return isVPort(i) ? vports.get(i - ends.size()).guid() : ends.get(i).portGuid();
        }

        NodeKind kind(int i) {
            return isVPort(i) ? NodeKind.CA : ends.get(i).kind();
        }

        /** The member number of the end port or vport with GUID {@code guid}, or -1. */
        int indexOf(long guid) {
            EndPortView ep = snapshot.endPort(guid);
            return ep != null ? ep.index() : vportIndex.getOrDefault(guid, -1);
        }
    }
}
