package dev.jsm.daemon.mgmt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.Daemon;
import dev.jsm.daemon.DaemonSettings;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.json.Json;

/**
 * The web console's map of {@code fabrics/torus-6x5.net} routed by torus-2QoS: every switch at the coordinates the
 * engine placed it at, and every cable between switches one step apart in one dimension (around the ring where it
 * wraps), which a placement by level or by index would not give.
 */
class WebConsoleTorusTest {

    private static final Path FABRICS = Path.of("..", "fabrics");

    @TempDir
    Path dir;

    @Test
    void torusSwitchesArePlacedByTheirTorusCoordinates() throws Exception {
        Topology t = TopologyReader.read(FABRICS.resolve("torus-6x5.net"));
        int ca = 0;
        while (t.node(ca).kind() != NodeKind.CA) {
            ca++;
        }
        SmOptions options = SmOptions.builder().setText(OptionTable.get("sweep_interval"), "0")
                .setText(OptionTable.get("sweep_on_trap"), "FALSE")
                .setText(OptionTable.get("routing_engine"), "torus-2QoS,no_fallback")
                .setText(OptionTable.get("torus_config"), FABRICS.resolve("torus-6x5.torus-2QoS.conf").toString())
                .build();
        LinkedBlockingQueue<Integer> ups = new LinkedBlockingQueue<>();
        try (SimFabric fabric = new SimFabric(t, 7); SimMadChannel channel = fabric.openChannel(ca, 1)) {
            channel.setIsSm(true);
            try (Daemon daemon = new Daemon(DaemonSettings.of(options, dir, dir), channel, new SmEvents())) {
                daemon.addListener(new SweepListener() {
                    @Override
                    public void subnetUp(FabricView view) {
                        ups.add(view.sweep());
                    }
                });
                daemon.start();
                assertThat(ups.poll(60, TimeUnit.SECONDS)).as("SUBNET UP").isNotNull();
                assertThat(daemon.management().view().routing().engineUsed()).contains("torus-2QoS");
                WebConsole console = new WebConsole(daemon.management(), new SweepCounters(), "test", false);

                Map<String, Object> m = new Json().toType(new String(console.get("/api/map", Map.of()).body(),
                        StandardCharsets.UTF_8), Json.MAP_TYPE);

                assertThat(m).containsEntry("layout", "torus").containsEntry("radix", List.of(6L, 5L, 1L));
                List<Object> switches = list(m.get("switches"));
                assertThat(switches).hasSize(30);
                Set<List<Object>> coords = new HashSet<>();
                switches.forEach(s -> coords.add(list(map(s).get("coord"))));
                assertThat(coords).as("30 distinct positions").hasSize(30);
                List<Object> links = list(m.get("links"));
                assertThat(links).as("6x5 torus: 30 x and 30 y rings' links").hasSize(60);
                for (Object l : links) {
                    List<Object> a = list(map(switches.get(((Long) list(l).get(0)).intValue())).get("coord"));
                    List<Object> b = list(map(switches.get(((Long) list(l).get(1)).intValue())).get("coord"));
                    assertThat(steps(a, b, 0, 6) + steps(a, b, 1, 5)).as("%s to %s", a, b).isEqualTo(1);
                }
            }
        }
    }

    /** Ring distance between {@code a} and {@code b} in dimension {@code d} of radix {@code radix}. */
    private static long steps(List<Object> a, List<Object> b, int d, int radix) {
        long diff = Math.abs((Long) a.get(d) - (Long) b.get(d));
        return Math.min(diff, radix - diff);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }
}
