package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.daemon.loop.SmEvent;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.daemon.sweep.FabricView;
import dev.jsm.daemon.sweep.SweepListener;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.TopologyShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The config file is re-read at every heavy sweep; only reloadable options change. */
class ConfigReloadTest {

    @TempDir
    Path dir;

    @Test
    void aHeavySweepAppliesReloadableChangesOnly() throws Exception {
        Path conf = dir.resolve("opensm.conf");
        Files.writeString(conf, "sweep_interval 0\nsweep_on_trap TRUE\nlmc 0\n");
        SmOptions options = SmOptions.fromFile(OpenSmConfReader.read(conf));
        DaemonSettings settings = new DaemonSettings(options, dir, dir, Optional.of(conf), false, "test");
        LinkedBlockingQueue<FabricView> ups = new LinkedBlockingQueue<>();
        try (SimFabric fabric = new SimFabric(TopologyShapes.load("fat2:k=4"));
             SimMadChannel ch = fabric.openChannel(SimSm.firstCa(fabric.topology()), 1)) {
            Daemon daemon = new Daemon(settings, ch, new SmEvents());
            daemon.addListener((SweepListener) ups::add);
            daemon.start();
            try {
                assertThat(ups.poll(30, TimeUnit.SECONDS)).isNotNull();
                Files.writeString(conf, "sweep_interval 0\nsweep_on_trap FALSE\nlmc 2\n");
                daemon.events().request(SmEvent.HEAVY_SWEEP, "SIGHUP");
                assertThat(ups.poll(30, TimeUnit.SECONDS)).isNotNull();
                assertThat(daemon.options().getBool("sweep_on_trap")).isFalse();
                assertThat(daemon.options().lmc()).isZero();
            } finally {
                daemon.close();
            }
        }
    }
}
