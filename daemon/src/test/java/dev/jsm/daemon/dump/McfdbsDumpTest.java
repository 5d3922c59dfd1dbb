package dev.jsm.daemon.dump;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.routing.testing.TopologyModel;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchMft;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.junit.jupiter.api.Test;

class McfdbsDumpTest {

    @Test
    void listsOnlySwitchesAndMlidsWithPortsInOpenSmsFormat() {
        Subnet s = TopologyModel.subnet(TopologyShapes.parse("fat2:k=4"), 0);
        SwitchMft mft = s.switchAt(0).mft();
        mft.setWantedPort(0xC000, 1, true);
        mft.setWantedPort(0xC000, 2, true);
        mft.setWantedPort(0xC000, 0, true);
        mft.setWantedPort(0xC021, 3, true);
        for (int b = 0; b < mft.blockCount(); b++) {
            mft.markProgrammed(0, b);
        }

        String text = McfdbsDump.render(SubnetSnapshot.of(s));

        assertThat(text).isEqualTo("\nSwitch 0x" + String.format("%016x", s.switchAt(0).nodeGuid())
                + "\nLID    : Out Port(s)\n0xC000 : 0x000  0x001  0x002 \n0xC021 : 0x003 \n");
    }
}
