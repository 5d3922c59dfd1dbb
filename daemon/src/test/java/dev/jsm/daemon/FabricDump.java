package dev.jsm.daemon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fabric as infiniband-diags print it, for checks that trust nothing of the daemon: nodes, LIDs and cables from
 * {@code ibnetdiscover}, LFTs from {@code dump_lfts}; {@link #unreachable} walks every switch's table towards every
 * LID over the cables.
 *
 * <p>Confined to the test thread.
 */
final class FabricDump {

    private static final Pattern NODE = Pattern.compile("^(Switch|Ca)\\s+\\d+\\s+\"([^\"]+)\".*");
    private static final Pattern SWITCH_LID = Pattern.compile(".*base port 0 lid (\\d+) lmc.*");
    private static final Pattern PORT = Pattern.compile("^\\[(\\d+)\\](?:\\([0-9a-f]+\\))?\\s+\"([^\"]+)\"\\[(\\d+)\\]"
            + "(?:\\([0-9a-f]+\\))?\\s*#(.*)$");
    private static final Pattern CA_LID = Pattern.compile("^\\s*lid (\\d+) lmc.*");
    private static final Pattern LFT_HEADER =
            Pattern.compile("^Unicast lids \\[0x[0-9a-f]+-0x([0-9a-f]+)\\] .* guid 0x([0-9a-f]{16}) .*");
    private static final Pattern LFT_ENTRY = Pattern.compile("^0x([0-9a-f]{4}) (\\d{3}) :.*");

    /** Node id ("S-0002c901..." / "H-0002c902...") to LID. */
    final Map<String, Integer> lids = new HashMap<>();
    /** Node id to port to {node id, peer port}. */
    final Map<String, Map<Integer, String[]>> cables = new HashMap<>();
    /** Switch node id to LID to port. */
    final Map<String, Map<Integer, Integer>> lfts = new HashMap<>();
    /**
     * LIDs {@code dump_lfts} cannot show: infiniband-diags' {@code ibroute} reads blocks up to
     * {@code ALIGN(top, 64) / 64} exclusive, so a LinearFDBTop that is a multiple of 64 is never printed.
     */
    final java.util.Set<Integer> hidden = new java.util.HashSet<>();

    /** Reads {@code ibnetdiscover} output. */
    void readIbnetdiscover(List<String> lines) {
        String node = null;
        boolean isSwitch = false;
        for (String line : lines) {
            Matcher m = NODE.matcher(line);
            if (m.matches()) {
                node = m.group(2);
                isSwitch = m.group(1).equals("Switch");
                Matcher l = SWITCH_LID.matcher(line);
                if (isSwitch && l.matches()) {
                    lids.put(node, Integer.parseInt(l.group(1)));
                }
                continue;
            }
            Matcher p = PORT.matcher(line);
            if (node != null && p.matches()) {
                cables.computeIfAbsent(node, k -> new HashMap<>()).put(Integer.parseInt(p.group(1)),
                        new String[] {p.group(2), p.group(3)});
                Matcher l = CA_LID.matcher(p.group(4));
                if (!isSwitch && l.matches()) {
                    lids.put(node, Integer.parseInt(l.group(1)));
                }
            }
        }
    }

    /** Reads {@code dump_lfts} output. */
    void readDumpLfts(List<String> lines) {
        Map<Integer, Integer> current = null;
        for (String line : lines) {
            Matcher h = LFT_HEADER.matcher(line);
            if (h.matches()) {
                current = new HashMap<>();
                lfts.put("S-" + h.group(2), current);
                int top = Integer.parseInt(h.group(1), 16);
                if (top > 0 && top % 64 == 0) {
                    hidden.add(top);
                }
                continue;
            }
            Matcher e = LFT_ENTRY.matcher(line);
            if (current != null && e.matches()) {
                current.put(Integer.parseInt(e.group(1), 16), Integer.parseInt(e.group(2)));
            }
        }
    }

    /** Every (switch, destination) pair whose walk fails, as text; empty when all are reachable. */
    List<String> unreachable() {
        List<String> bad = new ArrayList<>();
        for (String sw : lfts.keySet()) {
            for (Map.Entry<String, Integer> dest : lids.entrySet()) {
                if (hidden.contains(dest.getValue())) {
                    continue;
                }
                String why = walk(sw, dest.getKey(), dest.getValue());
                if (why != null) {
                    bad.add(sw + " -> " + dest.getKey() + " (LID " + dest.getValue() + "): " + why);
                }
            }
        }
        return bad;
    }

    private String walk(String from, String dest, int lid) {
        String at = from;
        for (int hop = 0; hop < 64; hop++) {
            Integer port = lfts.getOrDefault(at, Map.of()).get(lid);
            if (port == null) {
                return "no entry at " + at;
            }
            if (port == 0) {
                return at.equals(dest) ? null : "delivered to " + at;
            }
            String[] peer = cables.getOrDefault(at, Map.of()).get(port);
            if (peer == null) {
                return "port " + port + " of " + at + " has no cable";
            }
            if (!lfts.containsKey(peer[0])) {
                return peer[0].equals(dest) ? null : "delivered to " + peer[0];
            }
            at = peer[0];
        }
        return "loop";
    }
}
