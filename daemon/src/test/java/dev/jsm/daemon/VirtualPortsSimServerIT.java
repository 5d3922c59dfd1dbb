package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual ports and enhanced QoS judged by the stock tools: {@code scripts/vports-sim-server.sh} serves a two-level
 * tree whose hosts carry 4 vports each, the odd ones with a LID of their own, with {@code bin/sim-server}, runs
 * {@code bin/opensm} with {@code virt_enabled 2}, a partitions.conf with {@code ALL_VCAS} and an enhanced QoS policy
 * at the first host, and asks from another host. {@code saquery}: every vport with a LID has a NodeRecord (its GUID,
 * its VM's description) and a PortInfoRecord under that LID, and the PathRecord between two vports of different hosts
 * carries their LIDs and HopLimit 2 ({@code virt_default_hop_limit}). {@code smpdump} (the stock tool that sends any
 * attribute; {@code smpquery} knows none of the vendor ones), LID-routed through the server: every vport's
 * VPortPKeyTable holds what partitions.conf gives it, and every CA port's and vport's QoSConfigSL the policy's limits;
 * a broken policy and a HUP change none of them and the log names file:line; after a restart every vport has the LID
 * guid2lid gives it. Side by side, the reference OpenSM on the same fabric ignores the vports.
 */
@Tag("ibsim")
class VirtualPortsSimServerIT {

    private static final String SHAPE = "fat2:k=4,leaves=2,spines=1,hosts=2,vports=4,vport-lids=half";

    @Test
    void saqueryAndSmpdumpFindEveryVportsRecordsPathsKeysAndLimits(@TempDir Path out) throws Exception {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/sbin/saquery"))
                && Files.isExecutable(Path.of("/usr/sbin/smpdump"))
                && Files.isExecutable(Path.of("/usr/bin/unshare")) && "root".equals(System.getProperty("user.name"))
                && Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: the vport check needs root, saquery, smpdump and umad2sim");
        }
        assumeTrue(ready);
        Path top = Path.of("..").toAbsolutePath().normalize();
        ProcessBuilder pb = new ProcessBuilder(Path.of("..", "scripts", "vports-sim-server.sh").toAbsolutePath()
                .toString(), SHAPE, out.toString()).redirectErrorStream(true)
                .redirectOutput(out.resolve("script.log").toFile());
        pb.environment().put("SIM_SERVER_CMD", top.resolve("bin/sim-server").toString());
        pb.environment().put("SM_CMD", top.resolve("bin/opensm").toString());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("IBSIM_SOCKNAME");
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        assertThat(p.exitValue()).as(Files.readString(out.resolve("script.log"))).isZero();

        List<String[]> withLid = Files.readAllLines(out.resolve("vports-first.dump")).stream()
                .filter(l -> !l.startsWith("#")).map(l -> l.split(" ")).filter(f -> f[4].startsWith("0x")).toList();
        assertThat(withLid).as("vports 1 and 3 of 4 hosts").hasSize(8);
        for (String[] v : withLid) {
            int lid = Integer.decode(v[4]);
            String nr = Files.readString(out.resolve("nr." + lid));
            assertThat(nr).as("NodeRecord of LID %d", lid).containsPattern("\\slid\\.+" + lid + "\n")
                    .containsPattern("port_guid\\.+" + v[2] + "\n")
                    .containsPattern("NodeDescription\\.+host-\\d-\\d vm\\d\n");
            assertThat(Files.readString(out.resolve("pir." + lid))).as("PortInfoRecord of LID %d", lid)
                    .containsPattern("EndPortLid\\.+" + lid + "\n").containsPattern("\\sLid:\\.+" + lid + "\n");
        }
        String pr = Files.readString(out.resolve("pr"));
        int first = Integer.decode(withLid.get(0)[4]);
        int last = Integer.decode(withLid.get(withLid.size() - 1)[4]);
        assertThat(pr).as("PathRecord vport to vport").containsPattern("slid\\.+" + first + "\n")
                .containsPattern("dlid\\.+" + last + "\n").containsPattern("hop_flow_raw\\.+0x2\n");

        readBackEqualsTheFiles(out);
        referenceIgnoresTheVports(out, withLid);
    }

    /**
     * The reference OpenSM on the same fabric served afresh: it came up, gave LIDs to the 7 physical end ports only
     * (its guid2lid), and its SA has no NodeRecord naming a vport under any LID jsm gave one.
     */
    private static void referenceIgnoresTheVports(Path out, List<String[]> withLid) throws IOException {
        assertThat(Files.readString(out.resolve("ref/opensm.log"))).contains("SUBNET UP");
        List<String> vportGuids = Files.readAllLines(out.resolve("vports-first.dump")).stream()
                .filter(l -> !l.startsWith("#")).map(l -> l.split(" ")).filter(f -> !f[1].equals("0"))
                .map(f -> f[2]).toList();
        assertThat(vportGuids).hasSize(16);
        List<String> refGuids = Files.readAllLines(out.resolve("refcache/guid2lid")).stream()
                .filter(l -> l.startsWith("0x")).map(l -> l.split(" ")[0]).toList();
        assertThat(refGuids).as("the reference's guid2lid: the 3 switches and 4 host ports").hasSize(7)
                .doesNotContainAnyElementsOf(vportGuids);
        for (String[] v : withLid) {
            int lid = Integer.decode(v[4]);
            String nr = Files.readString(out.resolve("ref/nr." + lid));
            for (String g : vportGuids) {
                assertThat(nr).as("the reference's NodeRecord of LID %d", lid).doesNotContain(g);
            }
        }
    }

    /** What smpdump read back through the server against partitions.conf and the policy the script wrote. */
    private static void readBackEqualsTheFiles(Path out) throws IOException {
        List<String[]> vports = Files.readAllLines(out.resolve("vports.list")).stream().map(l -> l.split(" "))
                .toList();
        assertThat(vports).as("vports 0-4 of 4 hosts").hasSize(20);
        Set<String> ports = new TreeSet<>();
        for (String[] v : vports) {
            String port = v[0];
            int index = Integer.parseInt(v[1]);
            ports.add(port);
            Set<Integer> keys = new TreeSet<>();
            for (int e = 0; e < 32; e++) {
                keys.add(u16(smpdump(out.resolve("rb/pkeys." + port + "." + index)), 2 * e));
            }
            keys.removeIf(k -> (k & 0x7FFF) == 0);
            assertThat(keys).as("VPortPKeyTable of vport %d of %s: Default ALL full, vms ALL_VCAS limited", index,
                    port).containsExactlyElementsOf(index == 0 ? List.of(0xFFFF) : List.of(0x0002, 0xFFFF));

            int[] want = new int[16];
            Arrays.fill(want, index == 0 ? 0 : 15);
            assertThat(rateLimits(out.resolve("rb/qos." + port + "." + index)))
                    .as("QoSConfigSL of vport %d of %s: all:bw3, vport 0 unlimited", index, port).containsExactly(want);
        }
        assertThat(ports).hasSize(4);
        for (String port : ports) {
            int[] want = new int[16];
            want[1] = 50;
            assertThat(rateLimits(out.resolve("rb/qos." + port + ".port"))).as("QoSConfigSL of port %s: 1:bw1",
                    port).containsExactly(want);
        }

        String log = Files.readString(out.resolve("opensm.log"));
        assertThat(log).as("the broken policy named with file:line").contains("QOS-1111 "
                + out.resolve("enhanced-qos.conf") + ":3:");
        try (var files = Files.list(out.resolve("rb"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("qos.")).toList()) {
                assertThat(out.resolve("rb2").resolve(f.getFileName())).as("after the broken policy")
                        .hasSameTextualContentAs(f);
            }
        }
        Map<String, String> want = lidsOf(out.resolve("vports-first.dump"));
        String moved = Files.readString(out.resolve("moved.txt")).strip();
        assertThat(want.put(moved, "0x0030")).as("the vport moved in guid2lid had a LID").startsWith("0x");
        assertThat(lidsOf(out.resolve("vports-restart.dump"))).as("vport LIDs after a restart: guid2lid's")
                .isEqualTo(want).hasSize(20);
    }

    /**
     * The 64 bytes {@code smpdump} printed (16-bit groups in hex), after checking it printed no error status (it
     * prints {@code SMP status: 0x...} only for a status other than 0; the D bit of a directed-route answer aside).
     */
    private static byte[] smpdump(Path file) throws IOException {
        String text = Files.readString(file);
        Matcher status = Pattern.compile("SMP status: 0x([0-9a-f]+)").matcher(text);
        int end = text.length();
        if (status.find()) {
            assertThat(Integer.parseInt(status.group(1), 16) & 0x7FFF).as("status of %s", file).isZero();
            end = status.start();
        }
        byte[] b = new byte[64];
        Matcher group = Pattern.compile("\\b[0-9a-f]{4}\\b").matcher(text.substring(0, end));
        int n = 0;
        while (group.find()) {
            int v = Integer.parseInt(group.group(), 16);
            b[2 * n] = (byte) (v >> 8);
            b[2 * n + 1] = (byte) v;
            n++;
        }
        assertThat(n).as("16-bit groups in %s", file).isEqualTo(32);
        return b;
    }

    /** The 16 RateLimit fields (bits 19:0 of each 32-bit entry) of a QoSConfigSL read with smpdump. */
    private static int[] rateLimits(Path file) throws IOException {
        byte[] b = smpdump(file);
        int[] limits = new int[16];
        for (int sl = 0; sl < 16; sl++) {
            limits[sl] = (u16(b, 4 * sl) << 16 | u16(b, 4 * sl + 2)) & 0xFFFFF;
        }
        return limits;
    }

    private static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | b[off + 1] & 0xFF;
    }

    /** Vport GUID to its LID column ({@code -} when it has none) of an {@code opensm-vports.dump}. */
    private static Map<String, String> lidsOf(Path dump) throws IOException {
        Map<String, String> m = new TreeMap<>();
        for (String l : Files.readAllLines(dump)) {
            if (!l.startsWith("#")) {
                String[] f = l.split(" ");
                m.put(f[2], f[4]);
            }
        }
        return m;
    }
}
