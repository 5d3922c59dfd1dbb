package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.snapshot.NodeView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code node_name_map_name}: a node the map names is called by that name where OpenSM prints its print_desc - the
 * dump files {@code opensm-lfts.dump} and {@code opensm-subnet.lst} - while the SA keeps its NodeDescription.
 */
class NodeNamesSimTest {

    @TempDir
    Path dir;

    @Test
    void theDumpFilesCallANodeByItsNameInTheMap() throws Exception {
        SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"));
        SimMadChannel channel = fabric.openChannel(SimSm.firstCa(fabric.topology()), 1);
        channel.setIsSm(true);
        long spine = fabric.topology().node(0).nodeGuid();
        Path map = dir.resolve("ib-node-name-map");
        Files.writeString(map, String.format("# names%n0x%016x \"spine-A\"%n", spine));
        SmOptions options = SmOptions.fromFile(OpenSmConfReader.parse("opensm.conf",
                "sweep_interval 0\nlog_flags 0x43\nnode_name_map_name " + map + "\n"));
        LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();
        try (Daemon daemon = new Daemon(DaemonSettings.of(options, dir, dir), channel, new SmEvents())) {
            daemon.addListener(new SweepListener() {
                @Override
                public void subnetUp(FabricView view) {
                    ups.add(view);
                }
            });
            daemon.start();
            FabricView up = ups.poll(60, TimeUnit.SECONDS);
            assertThat(up).as("SUBNET UP").isNotNull();
            NodeView node = up.snapshot().node(spine);
            assertThat(node.description()).as("the model keeps the NodeDescription").isNotEqualTo("spine-A");
            assertThat(Files.readString(dir.resolve("opensm-subnet.lst"))).contains("{spine-A}")
                    .doesNotContain("{" + node.description() + "}");
            if (node.isSwitch()) {
                assertThat(Files.readString(dir.resolve("opensm-lfts.dump")))
                        .contains(String.format("guid 0x%016x ('spine-A'):", spine));
            } else {
                assertThat(Files.readString(dir.resolve("opensm-lfts.dump"))).contains(": 'spine-A'");
            }
        } finally {
            channel.close();
            fabric.close();
        }
    }
}
