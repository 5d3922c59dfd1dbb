package dev.jsm.routing.minhop;

import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.fileformat.GuidListFile;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * The order minhop assigns destinations in, as end-port indices of the {@link RoutingInput}. The order matters:
 * each choice sees the port loads of all earlier ones, so the first destinations get the least loaded ports. It is
 * OpenSM's ({@code ucast_mgr_build_lfts}): first the end ports a {@code guid_routing_order_file} lists, in file
 * order ({@link #listed()} of them); then the CAs and routers grouped by the switch they are cabled to, switches with
 * more such ports first (ties in OpenSM's switch-table order: byte-reversed node GUIDs, unsigned), each switch's in
 * its port order; then every other end port (switch port 0, end ports not cabled to a switch) in OpenSM's port-table
 * order (byte-reversed port GUIDs). Taking a leaf's hosts together is what makes a full fat tree balance perfectly:
 * each leaf hands consecutive destinations of one remote leaf to consecutive uplinks.
 *
 * <p>Immutable; safe to share.
 */
final class RoutingOrder {

    private final int[] endPorts;
    private final int listed;

    private RoutingOrder(int[] endPorts, int listed) {
        this.endPorts = endPorts;
        this.listed = listed;
    }

    /** Every end port with LIDs in OpenSM's default order. */
    static RoutingOrder byLoad(RoutingInput in) {
        return new RoutingOrder(appendRest(in, new boolean[in.endPortCount()], new int[in.endPortCount()], 0), 0);
    }

    /** {@code endPorts} as given (callers with an order of their own), none of them listed by a file. */
    static RoutingOrder of(int[] endPorts) {
        return new RoutingOrder(endPorts, 0);
    }

    /**
     * The end ports whose port GUIDs {@code file} lists, in file order, then the others in the default order. A GUID
     * the fabric does not have is skipped (the port may be down); a GUID listed again keeps its first place.
     */
    static RoutingOrder fromFile(RoutingInput in, GuidListFile file) {
        int n = in.endPortCount();
        Map<Long, Integer> byGuid = new HashMap<>(2 * n + 1);
        for (int ep = n - 1; ep >= 0; ep--) {
            byGuid.put(in.endPortGuid()[ep], ep);
        }
        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int k = 0;
        for (int i = 0; i < file.size(); i++) {
            Integer ep = byGuid.get(file.guid(i));
            if (ep != null && !placed[ep]) {
                placed[ep] = true;
                order[k++] = ep;
            }
        }
        return new RoutingOrder(appendRest(in, placed, order, k), k);
    }

    /** Appends the end ports not yet placed to {@code order[k..]}: by switch load, then the rest; returns order. */
    private static int[] appendRest(RoutingInput in, boolean[] placed, int[] order, int k) {
        int n = in.endPortCount();
        int s = in.switchCount();
        int[] byPort = new int[s == 0 ? 0 : in.portStart()[s - 1] + in.switchNumPorts()[s - 1] + 1];
        Arrays.fill(byPort, -1);
        int[] load = new int[s];
        for (int ep = 0; ep < n; ep++) {
            int sw = in.endPortSwitch()[ep];
            if (!in.endPortIsSwitch()[ep] && sw >= 0) {
                byPort[in.portStart()[sw] + (in.lidOwnerPort()[in.endPortBaseLid()[ep]] & 0xFF)] = ep;
                load[sw]++;
            }
        }
        Integer[] switches = new Integer[s];
        for (int i = 0; i < s; i++) {
            switches[i] = i;
        }
        long[] guid = in.switchGuid();
        Arrays.sort(switches, Comparator.comparingInt((Integer i) -> -load[i])
                .thenComparing(i -> Long.reverseBytes(guid[i]), Long::compareUnsigned));
        for (int sw : switches) {
            for (int p = 1; p <= in.switchNumPorts()[sw]; p++) {
                int ep = byPort[in.portStart()[sw] + p];
                if (ep >= 0 && !placed[ep]) {
                    placed[ep] = true;
                    order[k++] = ep;
                }
            }
        }
        Integer[] rest = new Integer[n - k];
        int r = 0;
        for (int ep = 0; ep < n; ep++) {
            if (!placed[ep]) {
                rest[r++] = ep;
            }
        }
        long[] portGuid = in.endPortGuid();
        Arrays.sort(rest, Comparator.comparing((Integer ep) -> Long.reverseBytes(portGuid[ep]),
                Long::compareUnsigned));
        for (Integer ep : rest) {
            order[k++] = ep;
        }
        return order;
    }

    /** The end-port indices in routing order. Read-only. */
    int[] endPorts() {
        return endPorts;
    }

    /** How many leading entries of {@link #endPorts()} came from the routing order file. */
    int listed() {
        return listed;
    }
}
