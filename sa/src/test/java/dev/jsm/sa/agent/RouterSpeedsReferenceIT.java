package dev.jsm.sa.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.sim.server.SimServerMain;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock tools and the reference OpenSM on the simulator's mixed speeds and router ({@code scripts/router-speeds.sh}
 * over {@code fabrics/mixed-speeds-router.net}; docs/link-speeds.md, docs/routers.md): ibnetdiscover prints the EDR,
 * HDR and FDR10 links and the router, and the NDR and XDR links as QDR (it reads PortInfo without the
 * SMSupportExtendedSpeeds bit); the reference brings the fabric up and answers a PathRecord to a GID behind the router
 * through its prefix routes (DLID the router's, HopLimit 255), refuses one of a prefix without a route, and rates an
 * NDR host at 40 Gb/s; its GUIDInfoRecord Set and Delete ({@link GuidInfoRecordClientMain}) assign and withdraw alias
 * GUIDs by OpenSM's rules and reach the port's GUIDInfo.
 */
@Tag("ibsim")
class RouterSpeedsReferenceIT {

    private static final Path SCRIPT = Path.of("..", "scripts", "router-speeds.sh").toAbsolutePath();
    private static final Path FABRIC = Path.of("..", "fabrics", "mixed-speeds-router.net").toAbsolutePath();
    private static final List<String> TOOLS = List.of("/usr/sbin/opensm", "/usr/sbin/ibnetdiscover",
            "/usr/sbin/iblinkinfo", "/usr/sbin/saquery", "/usr/sbin/smpquery", "/usr/bin/unshare");

    @BeforeAll
    static void requireTools() {
        IbsimHarness.assumeAvailable();
        List<String> missing = TOOLS.stream().filter(t -> !Files.isExecutable(Path.of(t))).toList();
        if (!missing.isEmpty()) {
            System.err.println("[ibsim] SKIPPED: " + missing + " not installed (apt-get install opensm "
                    + "infiniband-diags util-linux)");
        }
        assumeTrue(missing.isEmpty(), "stock tools missing: " + missing);
    }

    @Test
    void theToolsAndTheReferenceSeeTheSpeedsAndTheRouter(@TempDir Path out) throws Exception {
        run(out);
        Path ref = out.resolve("reference");
        assertThat(Files.readString(ref.resolve("status"))).as("steps").doesNotContainPattern(" [1-9]");
        String fabric = Files.readString(ref.resolve("ibnetdiscover"));
        assertThat(fabric).contains("# \"edr\" lid 5 4xEDR", "# \"hdr\" lid 6 4xHDR", "# \"fdr10\" lid 9 4xFDR10",
                "Rt\t2 \"R-0002c90400000000\"\t\t# \"rt\"", "# \"rt\" lid 3 4xHDR");
        assertThat(fabric).as("rdma-core 44 reads PortInfo without the bit").contains("# \"ndr\" lid 7 4xQDR",
                "# \"xdr\" lid 8 4xQDR", "# \"ndr2x\" lid 11 2xQDR");
        assertThat(Files.readString(ref.resolve("pi-ndr"))).contains("IsLinkSpeedNDRSupported",
                "LinkSpeedExtActive:..............No Extended Speed");

        assertThat(path(ref, "pr-router-fec0:0:0:1")).as("behind the router rt").containsExactly(3, 0xFF, 0x90, 0x84);
        assertThat(path(ref, "pr-router-fec0:0:0:3")).as("the first router").containsExactly(3, 0xFF, 0x90, 0x84);
        assertThat(Files.readString(ref.resolve("pr-router-fec0:0:0:2"))).as("no route for the prefix").isEmpty();
        assertThat(path(ref, "pr-edr-rt")).as("a local path to the router").containsExactly(3, 0, 0x90, 0x84);
        assertThat(path(ref, "pr-edr-ndr")).as("NDR is QDR to OpenSM 3.3.23").containsExactly(7, 0, 0x87, 0x84);
        assertThat(path(ref, "pr-ndr1x-xdr")).as("1x: 10 Gb/s").containsExactly(8, 0, 0x83, 0x84);

        String own = "0x0000000000100003,";
        assertThat(Files.readString(ref.resolve("gir-ops"))).isEqualTo(String.join("\n",
                "set-explicit-and-assigned: status=0x0000 block=0 guids=" + own
                        + "0x0002c90300000077,0x0014050000000001" + ",0x0000000000000000".repeat(5),
                "set-zero-keeps: status=0x0000 block=0 guids=" + own + "0x0002c90300000077,0x0014050000000001"
                        + ",0x0000000000000000".repeat(5),
                "set-taken-elsewhere: status=0x0000 block=0 guids=0x0000000000100005" + ",0x0000000000000000".repeat(7),
                "set-guid0: status=0x0200",
                "set-beyond-guidcap: status=0x0300",
                "set-unknown-lid: status=0x0300",
                "delete: status=0x0000 block=0 guids=" + own + "0x0000000000000000,0x0014050000000001"
                        + ",0x0000000000000000".repeat(5),
                "delete-again: status=0x0000 block=0 guids=" + own + "0x0000000000000000,0x0014050000000001"
                        + ",0x0000000000000000".repeat(5), ""));
        assertThat(Files.readString(ref.resolve("guidinfo-edr"))).as("the SM wrote the block to the port")
                .contains("   0: 0x0000000000100003 0x0000000000000000", "   2: 0x0014050000000001 0x0000000000000000");
    }

    /** DLID, hop_flow_raw, rate and MTU of the first PathRecord saquery printed. */
    static int[] path(Path dir, String file) throws IOException {
        String text = Files.readString(dir.resolve(file));
        int[] v = new int[4];
        String[] names = {"dlid", "hop_flow_raw", "rate", "mtu"};
        for (int i = 0; i < names.length; i++) {
            Matcher m = Pattern.compile("\\s" + names[i] + "\\.+(0x)?([0-9A-Fa-f]+)").matcher(text);
            assertThat(m.find()).as(names[i] + " in " + file + ":\n" + text).isTrue();
            v[i] = Integer.parseInt(m.group(2), m.group(1) != null ? 16 : 10);
        }
        return v;
    }

    private static void run(Path out) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), FABRIC.toString(), out.toString(), "reference")
                .redirectErrorStream(true).redirectOutput(out.resolve("script.log").toFile());
        String cp = " -XX:+UseSerialGC -cp " + System.getProperty("java.class.path") + " ";
        pb.environment().put("SIM_SERVER_CMD", java + cp + SimServerMain.class.getName());
        pb.environment().put("GIR_CLIENT_CMD", java + cp + GuidInfoRecordClientMain.class.getName());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("IBSIM_SOCKNAME");
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        assertThat(p.exitValue()).as(Files.readString(out.resolve("script.log"))).isZero();
    }
}
