package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Multicast joins against Debian's ibsim serving {@code fat2-16.net}: the daemon's real {@code main} under
 * umad2sim, three hosts joining one group through SA MADs from their own umad2sim processes, and infiniband-diags'
 * {@code dump_mfts} read back: flooding a packet from each member through the dumped MFTs and the
 * {@code ibnetdiscover} cabling reaches exactly the other members, once each; after one host leaves it no longer
 * receives; once all three left the MLID is gone from every switch. The masks must be a tree reaching exactly the
 * members' cables. The steps run in {@link IbsimMcastProbe}.
 */
@Tag("ibsim")
class McastIbsimIT {

    private static final Pattern CA = Pattern.compile("^Ca\\s+\\d+\\s+\"([^\"]+)\"\\s+#\\s+\"([^\"]+)\".*");
    private static final Pattern MFT_HEADER = Pattern.compile("^Multicast mlids .* guid 0x([0-9a-f]{16}) .*");
    private static final Pattern MLID = Pattern.compile("^0x([0-9a-f]{4})\\s.*");

    @Test
    void threeHostsJoinAndDumpMftsForwardsToExactlyThem() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimResult r = IbsimHarness.builder(Path.of("..", "fabrics", "fat2-16.net"))
                .timeout(Duration.ofSeconds(240)).env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build()
                .run(IbsimMcastProbe.class, "-f", "opensm.log", "-s", "0");
        assertThat(r.exitCode()).as(() -> r.describe() + "\n--- stdout ---\n" + r.stdout()).isZero();
        assertThat(r.lines("JOIN-RC ")).as(r::stdout).containsExactly("JOIN-RC host-0-1 0", "JOIN-RC host-1-2 0",
                "JOIN-RC host-3-3 0", "JOIN-RC host-3-3 0", "JOIN-RC host-0-1 0", "JOIN-RC host-1-2 0");
        List<String> joins = r.lines("JOIN ");
        String mlidHex = joins.get(0).replaceAll(".* mlid=0x([0-9a-f]{4}) .*", "$1");
        int mlid = Integer.parseInt(mlidHex, 16);
        assertThat(joins.subList(0, 3)).allMatch(l -> l.contains("mlid=0x" + mlidHex));

        FabricDump fabric = new FabricDump();
        List<String> ibnd = strip(r.lines("IBND "));
        fabric.readIbnetdiscover(ibnd);
        Map<String, String> nodeOfHost = new HashMap<>();
        for (String line : ibnd) {
            Matcher m = CA.matcher(line);
            if (m.matches()) {
                nodeOfHost.put(m.group(2), m.group(1));
            }
        }
        List<String> members = List.of(nodeOfHost.get("host-0-1"), nodeOfHost.get("host-1-2"),
                nodeOfHost.get("host-3-3"));
        Map<String, Set<Integer>> mfts = readDumpMfts(strip(r.lines("MFTS ")), mlid);
        assertThat(mfts).as("switches forwarding MLID 0x%s", mlidHex).isNotEmpty();
        assertTreeToExactly(fabric, mfts, members);
        for (String src : members) {
            List<String> expected = new ArrayList<>(members);
            expected.remove(src);
            assertThat(flood(fabric, mfts, src)).as("from %s", src).containsExactlyInAnyOrderElementsOf(expected);
        }
        Map<String, Set<Integer>> afterLeave = readDumpMfts(strip(r.lines("MFTS2 ")), mlid);
        assertTreeToExactly(fabric, afterLeave, members.subList(0, 2));
        assertThat(flood(fabric, afterLeave, members.get(0))).containsExactly(members.get(1));
        assertThat(flood(fabric, afterLeave, members.get(1))).containsExactly(members.get(0));
        List<String> last = strip(r.lines("MFTS3 "));
        assertThat(last).as("dump_mfts answered").anyMatch(l -> l.startsWith("Multicast mlids"));
        assertThat(readDumpMfts(last, mlid)).as("all left: the group is gone").isEmpty();
        System.out.println("[ibsim] MLID 0x" + mlidHex + " on " + mfts.size() + " switches: " + mfts
                + "; after one leave: " + afterLeave);
    }

    /**
     * The MLID's port masks forward to exactly the members' cables on the CA side and, between switches, on links
     * both ends forward, which connect all its switches without a cycle (a tree: links = switches - 1).
     */
    private static void assertTreeToExactly(FabricDump fabric, Map<String, Set<Integer>> mfts, List<String> members) {
        Set<String> memberPorts = new HashSet<>();
        for (String m : members) {
            String[] sw = fabric.cables.get(m).get(1);
            memberPorts.add(sw[0] + ":" + sw[1]);
        }
        Set<String> caPorts = new HashSet<>();
        Set<String> links = new HashSet<>();
        for (Map.Entry<String, Set<Integer>> e : mfts.entrySet()) {
            for (int p : e.getValue()) {
                String[] peer = fabric.cables.get(e.getKey()).get(p);
                assertThat(peer).as("%s forwards on port %d, which is not cabled", e.getKey(), p).isNotNull();
                if (!peer[0].startsWith("S-")) {
                    caPorts.add(e.getKey() + ":" + p);
                    continue;
                }
                assertThat(mfts.getOrDefault(peer[0], Set.of())).as("the other end of %s[%d]", e.getKey(), p)
                        .contains(Integer.parseInt(peer[1]));
                String a = e.getKey() + ":" + p;
                String b = peer[0] + ":" + peer[1];
                links.add(a.compareTo(b) < 0 ? a + "-" + b : b + "-" + a);
            }
        }
        assertThat(caPorts).as("CA ports forwarded to").containsExactlyInAnyOrderElementsOf(memberPorts);
        assertThat(links).as("inter-switch links of a tree over %s", mfts.keySet()).hasSize(mfts.size() - 1);
    }

    /** Switch node id ("S-<guid>") to the ports {@code dump_mfts} shows for {@code mlid}. */
    static Map<String, Set<Integer>> readDumpMfts(List<String> lines, int mlid) {
        Map<String, Set<Integer>> out = new HashMap<>();
        String sw = null;
        int[] columns = new int[0];
        for (String line : lines) {
            Matcher h = MFT_HEADER.matcher(line);
            if (h.matches()) {
                sw = "S-" + h.group(1);
                continue;
            }
            if (line.trim().startsWith("Ports:")) {
                List<Integer> ends = new ArrayList<>();
                for (int i = line.indexOf(':') + 1; i < line.length(); i++) {
                    if (Character.isDigit(line.charAt(i))
                            && (i + 1 == line.length() || !Character.isDigit(line.charAt(i + 1)))) {
                        ends.add(i);
                    }
                }
                columns = ends.stream().mapToInt(Integer::intValue).toArray();
                continue;
            }
            Matcher m = MLID.matcher(line);
            if (sw != null && m.matches() && Integer.parseInt(m.group(1), 16) == mlid) {
                Set<Integer> ports = out.computeIfAbsent(sw, k -> new HashSet<>());
                for (int i = 6; i < line.length(); i++) {
                    if (line.charAt(i) == 'x') {
                        ports.add(nearest(columns, i));
                    }
                }
            }
        }
        return out;
    }

    private static int nearest(int[] columns, int at) {
        int best = 0;
        for (int p = 1; p < columns.length; p++) {
            if (Math.abs(columns[p] - at) < Math.abs(columns[best] - at)) {
                best = p;
            }
        }
        return best;
    }

    /** The CAs a packet from CA {@code src} reaches through the MFTs (each once, or the test fails). */
    private static List<String> flood(FabricDump fabric, Map<String, Set<Integer>> mfts, String src) {
        Map<String, Integer> got = new HashMap<>();
        List<String[]> frontier = new ArrayList<>();
        frontier.add(fabric.cables.get(src).get(1));
        for (int hop = 0; !frontier.isEmpty(); hop++) {
            assertThat(hop).as("the packet loops").isLessThan(64);
            List<String[]> next = new ArrayList<>();
            for (String[] at : frontier) {
                int in = Integer.parseInt(at[1]);
                for (int p : mfts.getOrDefault(at[0], Set.of())) {
                    String[] peer = fabric.cables.get(at[0]).get(p);
                    if (p == in || peer == null) {
                        continue;
                    }
                    if (peer[0].startsWith("S-")) {
                        next.add(peer);
                    } else {
                        got.merge(peer[0], 1, Integer::sum);
                    }
                }
            }
            frontier = next;
        }
        assertThat(got.values()).as("copies per CA").allMatch(n -> n == 1);
        return new ArrayList<>(got.keySet());
    }

    private static List<String> strip(List<String> lines) {
        return lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
    }
}
