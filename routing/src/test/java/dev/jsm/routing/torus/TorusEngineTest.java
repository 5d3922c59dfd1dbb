package dev.jsm.routing.torus;

import static dev.jsm.routing.torus.TorusTestFabric.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingInput;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.chain.RoutingChain;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.verify.RouteVerifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TorusEngineTest {

    @Test
    void isABuiltInUnderOpenSmsName() {
        assertThat(RoutingEngines.load().factory("torus-2QoS")).isInstanceOf(TorusEngineFactory.class);
    }

    @Test
    void routesThroughTheChainWithTheConfiguredFile(@TempDir Path dir) throws Exception {
        TorusTestFabric f = TorusTestFabric.torus(6, 5);
        Path conf = dir.resolve("torus-2QoS.conf");
        Files.writeString(conf, f.config(new int[3]));
        EngineOptions options = EngineOptions.of(Map.of("torus_config", conf.toString(), "qos", "TRUE"));

        RoutingResult r = RoutingChain.parse("torus-2QoS,no_fallback", options, RoutingEngines.load())
                .route(f.input());

        assertThat(r.engineUsed()).contains("torus-2QoS");
        assertThat(r.routed().sl2Vl().vlCount()).isEqualTo(8);
    }

    @Test
    void aMissingFileOrARefusalFailsAndNoFallbackKeepsItThat(@TempDir Path dir) throws Exception {
        EngineOptions missing = EngineOptions.of(Map.of("torus_config", dir.resolve("none.conf").toString()));
        RoutingResult r = RoutingChain.parse("torus-2QoS,no_fallback", missing, RoutingEngines.load())
                .route(TorusTestFabric.torus(6, 5).input());
        assertThat(r.isRouted()).isFalse();
        assertThat(r.warnings().get(0)).startsWith("ROUT-0102 routing engine 'torus-2QoS' failed: "
                + dir.resolve("none.conf") + ": cannot read: no such file");

        TorusTestFabric broken = TorusTestFabric.torus(6, 5).failLink(at(2, 1), at(3, 1)).failLink(at(3, 1), at(4, 1));
        Path conf = dir.resolve("t.conf");
        Files.writeString(conf, broken.config(new int[3]));
        EngineOptions options = EngineOptions.of(Map.of("torus_config", conf.toString()));
        RoutingResult withFallback = RoutingChain.parse("torus-2QoS", options, RoutingEngines.load())
                .route(broken.input());
        assertThat(withFallback.engineUsed()).contains("minhop");
        assertThat(withFallback.warnings().get(0)).contains("the x ring at y=1 is broken into 2 disjoint segments");
    }

    @Test
    void optionsWarnAboutQosAndUserSl2Vl() {
        TorusOptions o = TorusOptions.from(EngineOptions.of(Map.of("qos_sl2vl", "0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7",
                "qos_swe_sl2vl", "(null)")));

        assertThat(o.config()).isEqualTo(Path.of("/etc/opensm/torus-2QoS.conf"));
        assertThat(o.warnings()).containsExactly("torus-2QoS needs qos TRUE (-Q): without it the SL2VL tables that "
                + "keep the torus free of credit loops are not programmed",
                "qos_sl2vl is ignored: torus-2QoS computes the SL2VL tables itself");
        String fair = "0:8,1:8,2:8,3:8,4:4,5:4,6:4,7:4";
        assertThat(TorusOptions.from(EngineOptions.of(Map.of("qos", "TRUE", "qos_swe_vlarb_high", fair,
                "qos_swe_vlarb_low", fair))).warnings()).isEmpty();
        assertThat(TorusOptions.from(EngineOptions.of(Map.of("qos", "TRUE", "qos_vlarb_high", fair,
                "qos_swe_vlarb_low", "0:1,1:1,2:1,3:2,4:1,5:1,6:1,7:1"))).warnings()).containsExactly(
                "qos_swe_vlarb_low is not fair across VLs 0-3 (weights 1,1,1,2): torus-2QoS uses them for one QoS "
                        + "level on inter-switch links");
        assertThat(TorusOptions.from(EngineOptions.of(Map.of("qos", "TRUE", "qos_vlarb_low", fair))).warnings())
                .containsExactly("the default qos_vlarb_high is not fair across VLs 0-3 (weights 4,0,0,0): "
                        + "torus-2QoS uses them for one QoS level on inter-switch links");
        assertThat(TorusOptions.from(EngineOptions.of(Map.of("qos", "TRUE", "qos_vlarb_low", "x", "qos_vlarb_high",
                fair))).warnings()).containsExactly("qos_vlarb_low 'x' cannot be checked for torus-2QoS: expected "
                + "VL:weight,...");
    }

    @Test
    void sl2VlByPortDirectionTurnAndQosLevel() {
        TorusTestFabric f = TorusTestFabric.torus(5, 4, 3);
        TorusRun run = TorusRun.of(f);
        RouteOutcome.Routed routed = run.routed();
        int sw = f.sw(run.in, 1, 1, 1);
        int xPort = 1;
        int yPort = 3;
        int zPort = 6;
        int hostPort = 7;

        for (int sl = 0; sl < 16; sl++) {
            int qos = sl >> 3;
            assertThat(routed.sl2Vl().vl(sw, hostPort, xPort, sl)).isEqualTo((sl & 1) | qos << 2);
            assertThat(routed.sl2Vl().vl(sw, hostPort, yPort, sl)).isEqualTo((sl >> 1 & 1) | qos << 2);
            assertThat(routed.sl2Vl().vl(sw, xPort, zPort, sl)).isEqualTo((sl >> 2 & 1) | qos << 2);
            assertThat(routed.sl2Vl().vl(sw, yPort, xPort, sl)).isEqualTo((sl & 1) | 2 | qos << 2);
            assertThat(routed.sl2Vl().vl(sw, zPort, yPort, sl)).isEqualTo((sl >> 1 & 1) | 2 | qos << 2);
            assertThat(routed.sl2Vl().vl(sw, xPort, hostPort, sl)).isEqualTo(qos);
            assertThat(routed.sl2Vl().vl(sw, zPort, 0, sl)).isEqualTo(qos);
            assertThat(routed.sl2Vl().endPortVl(sl)).isEqualTo(qos);
        }
        assertThat(TorusPathSl.withQos(5, 9)).isEqualTo(13);
    }

    @Test
    void lmcSpreadsAnEndPortsLidsOverParallelLinks() {
        TorusTestFabric f = new TorusTestFabric(true, 2, 1, 5, 3);
        RoutingInput in = TopologySubnets.input(f.topology, 1);
        TorusEngine engine = new TorusEngine(new TorusOptions(TorusOptions.DEFAULT_CONFIG, 1, List.of()));
        LftTables lfts = LftTables.forInput(in);

        RouteOutcome outcome = engine.route(in, f.parsedConfig(), lfts);

        assertThat(outcome.isRouted()).isTrue();
        int from = f.sw(in, 0, 0, 0);
        int dst = f.sw(in, 1, 0, 0);
        int base = -1;
        for (int lid = 1; lid <= in.maxLid(); lid++) {
            if (in.lidOwnerSwitch()[lid] == dst && (in.lidOwnerPort()[lid] & 0xFF) != 0) {
                base = lid;
                break;
            }
        }
        assertThat(lfts.port(from, base)).isEqualTo(1);
        assertThat(lfts.port(from, base + 1)).isEqualTo(2);
        assertThat(new RouteVerifier().verify(in, lfts, (RouteOutcome.Routed) outcome).isClean()).isTrue();
    }
}
