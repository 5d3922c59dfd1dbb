package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual ports judged by the stock tools: {@code scripts/vports-sim-server.sh} serves a two-level tree whose hosts
 * carry 4 vports each, the odd ones with a LID of their own, with {@code bin/sim-server}, runs {@code bin/opensm} with
 * {@code virt_enabled 2} at the first host, and asks its SA with {@code saquery} from another host. Every vport with
 * a LID has a NodeRecord (its GUID, its VM's description) and a PortInfoRecord under that LID, and the PathRecord
 * between two vports of different hosts carries their LIDs, their GIDs and HopLimit 2 ({@code virt_default_hop_limit}).
 */
@Tag("ibsim")
class VirtualPortsSimServerIT {

    private static final String SHAPE = "fat2:k=4,leaves=2,spines=1,hosts=2,vports=4,vport-lids=half";

    @Test
    void saqueryAnswersEveryVportsRecordsAndPathsBetweenThem(@TempDir Path out) throws Exception {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/sbin/saquery"))
                && Files.isExecutable(Path.of("/usr/bin/unshare")) && "root".equals(System.getProperty("user.name"))
                && Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: the vport check needs root, saquery and umad2sim");
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
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        assertThat(p.exitValue()).as(Files.readString(out.resolve("script.log"))).isZero();

        List<String[]> withLid = Files.readAllLines(out.resolve("opensm-vports.dump")).stream()
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
    }
}
