package dev.jsm.mad.umad;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link UmadChannel} through JNA, libibumad and umad2sim against Debian's ibsim serving {@code fat2-16.net}; the
 * SM port is host-0-0 (the first node of the file). GUIDs come from the net file ({@code caguid}/{@code switchguid};
 * an HCA's port 1 GUID is its node GUID + 1, a switch's port GUID is its node GUID, as ibsim assigns them).
 *
 * <p>One probe run ({@link UmadProbe}) serves most tests; its output lines are parsed here.
 */
@Tag("ibsim")
class UmadChannelIT {

    private static final long HOST_0_0 = 0x0002c90200000000L;
    private static final long HOST_1_1 = 0x0002c90200000050L;
    private static final long LEAF_0 = 0x0002c90100000000L;
    private static final long LEAF_1 = 0x0002c90100000010L;
    private static final long SPINE_0 = 0x0002c90100000040L;
    private static final int RTT_COUNT = 10_000;

    private static IbsimResult run;

    @BeforeAll
    static void runProbe() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimHarness harness = IbsimHarness.builder(fabric("fat2-16.net")).timeout(Duration.ofSeconds(180)).build();
        run = harness.run(UmadProbe.class, "localport", "errno", "nodeinfo", "0", "nodeinfo", "0,1",
                "nodeinfo", "0,1,5", "nodeinfo", "0,1,5,3", "nodeinfo", "0,1,5,3,2", "badpath", "0,1,9",
                "lidrouted", "7", "open", "nosuchca", "1", "open", "ibsim0", "7", "rtt", String.valueOf(RTT_COUNT),
                "0");
        assertThat(run.exitCode()).as(run::describe).isZero();
        System.out.println("[ibsim] isolation " + harness.isolation() + ": " + line("RTT"));
    }

    @Test
    void localPortIsTheFirstNodeOfTheNetFile() {
        Map<String, String> p = fields(line("LOCALPORT"));
        assertThat(p).containsEntry("ca", "ibsim0").containsEntry("port", "1")
                .containsEntry("guid", hex(HOST_0_0 + 1)).containsEntry("caGuid", hex(HOST_0_0))
                .containsEntry("lid", "0").containsEntry("state", "2").containsEntry("phys", "5")
                .containsEntry("caType", "simulator").containsEntry("cas", "ibsim0");
    }

    @Test
    void umadSizeIsReadAfterOpeningThePort() {
        assertThat(fields(line("UMADSIZE"))).containsEntry("before", "56").containsEntry("after", "64");
    }

    @Test
    void jnaPreservesErrnoOfDirectMappedCalls() {
        assertThat(fields(line("ERRNO"))).containsEntry("rc", "-2").containsEntry("errno", "2");
    }

    static Stream<Arguments> paths() {
        return Stream.of(
                Arguments.of("0", 0, 1, 1, HOST_0_0, HOST_0_0 + 1, 1),
                Arguments.of("0,1", 1, 2, 8, LEAF_0, LEAF_0, 1),
                Arguments.of("0,1,5", 2, 2, 8, SPINE_0, SPINE_0, 1),
                Arguments.of("0,1,5,3", 3, 2, 8, LEAF_1, LEAF_1, 5),
                Arguments.of("0,1,5,3,2", 4, 1, 1, HOST_1_1, HOST_1_1 + 1, 1));
    }

    @ParameterizedTest(name = "DR Get(NodeInfo) along {0}")
    @MethodSource("paths")
    void directedRouteNodeInfo(String path, int hops, int type, int ports, long nodeGuid, long portGuid,
                               int localPort) {
        Map<String, String> r = fields(run.lines("NODEINFO path=" + path + " ").get(0));
        assertThat(r).containsEntry("from", "DR").containsEntry("method", "0x81").containsEntry("status", "0x0000")
                .containsEntry("dbit", "1").containsEntry("attr", "0x0011").containsEntry("mod", "0x0")
                .containsEntry("hops", String.valueOf(hops)).containsEntry("type", String.valueOf(type))
                .containsEntry("ports", String.valueOf(ports)).containsEntry("nodeGuid", hex(nodeGuid))
                .containsEntry("portGuid", hex(portGuid)).containsEntry("localPort", String.valueOf(localPort));
        // the transport owns the upper 32 TID bits; umad2sim/ibsim leave them 0 for agent 0 of client 0
        assertThat(Long.decode(r.get("tid")) & 0xFFFF_FFFFL).isEqualTo(Long.decode(r.get("sentTid")));
    }

    @Test
    void badDirectedRouteComesBackAtOnceWithStatusEtimedout() {
        assertThat(fields(line("BADPATH"))).containsEntry("result", "sendFailed").containsEntry("status", "110")
                .containsEntry("method", "0x01");
    }

    @Test
    void lidRoutedSmpReachesTheLidAndReportsItsSender() {
        Map<String, String> r = fields(line("LIDROUTED"));
        assertThat(r).containsEntry("from", "lid:7/qp:0/qkey:0x0/sl:0/pkix:0").containsEntry("class", "0x01")
                .containsEntry("method", "0x81").containsEntry("status", "0x0000")
                .containsEntry("nodeGuid", hex(HOST_0_0));
        // umad2sim writes the agent id (1: the LID-routed SMI agent) into TID bits 47:32
        assertThat(Long.decode(r.get("tid")) >>> 32).isEqualTo(1L);
    }

    @Test
    void openingAMissingCaOrPortFailsWithPortNotFound() {
        List<String> fails = run.lines("OPENFAIL");
        assertThat(fails).hasSize(2).allSatisfy(l -> assertThat(l).contains("reason=PORT_NOT_FOUND"));
        assertThat(fails.get(0)).contains("CA 'nosuchca' not found (available: ibsim0)");
        assertThat(fails.get(1)).contains("port ibsim0/7 not found");
    }

    @Test
    void roundTripTimeIsMeasured() {
        Map<String, String> r = fields(line("RTT"));
        assertThat(r).containsEntry("n", String.valueOf(RTT_COUNT));
        assertThat(Double.parseDouble(r.get("median_us"))).isPositive();
    }

    @Test
    void portWithoutLinkFailsWithPortDown() throws Exception {
        IbsimResult r = IbsimHarness.builder(fabric("lonely.net")).simHost("lonely").build()
                .run(UmadProbe.class, "localport");
        assertThat(r.exitCode()).as(r::describe).isEqualTo(2);
        assertThat(r.stdout()).contains("UMADERROR reason=PORT_DOWN message=port ibsim0/1 is DOWN (physical state"
                + " Polling)");
    }

    @Test
    void saServerAgentReceivesGsiRequestsAndAnswersThem() throws Exception {
        IbsimResult r = IbsimHarness.builder(fabric("fat2-16.net")).env("SIM_SET_ISSM", "1").build()
                .run(UmadProbe.class, "--sa", "lidrouted", "7", "saloop", "7");
        assertThat(r.exitCode()).as(r::describe).isZero();
        assertThat(fields(r.lines("SAREQ").get(0))).containsEntry("from", "lid:7/qp:1/qkey:0x0/sl:0/pkix:0")
                .containsEntry("class", "0x03").containsEntry("version", "2").containsEntry("method", "0x01")
                .containsEntry("attr", "0x0001");
        Map<String, String> resp = fields(r.lines("SARESP").get(0));
        assertThat(resp).containsEntry("from", "lid:7/qp:1/qkey:0x0/sl:0/pkix:0").containsEntry("method", "0x81");
        // the SA agent is the third one registered (agent id 2), which umad2sim writes into TID bits 47:32
        assertThat(Long.decode(resp.get("tid")) >>> 32).isEqualTo(2L);
    }

    @Test
    void consoleUnlinkCutsTheDirectedRoute() throws Exception {
        IbsimHarness h = IbsimHarness.builder(fabric("fat2-16.net")).console(true).build();
        IbsimResult r = h.runSession(UmadProbe.class, s -> {
            String answer = s.console("Unlink \"leaf-0\"[5]");
            Files.createFile(s.directory().resolve("unlinked"));
            assertThat(answer).doesNotContain("#");
        }, "awaitfile", "unlinked", "badpath", "0,1,5", "nodeinfo", "0,1,7");
        assertThat(r.exitCode()).as(r::describe).isZero();
        assertThat(r.stdout()).contains("BADPATH path=0,1,5 result=sendFailed status=110");
        assertThat(fields(r.lines("NODEINFO").get(0))).containsEntry("nodeGuid", hex(0x0002c90100000050L));
    }

    private static Path fabric(String name) throws Exception {
        return Path.of(UmadChannelIT.class.getResource("/fabrics/" + name).toURI());
    }

    private static String line(String key) {
        List<String> lines = run.lines(key + " ");
        assertThat(lines).as("probe line %s in:%n%s", key, run.stdout()).isNotEmpty();
        return lines.get(0);
    }

    /** The {@code k=v} fields of a probe line (values contain no spaces, except in messages, which tests grep). */
    private static Map<String, String> fields(String line) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String word : line.split(" ")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                m.putIfAbsent(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        return m;
    }

    private static String hex(long guid) {
        return String.format("0x%016x", guid);
    }
}
