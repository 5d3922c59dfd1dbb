package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.discovery.DiscoveryStage;
import dev.jsm.daemon.discovery.DropManager;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.BlockTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.SwitchLft;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlockSync} against the simulator: a block that differs is Set and recorded held once answered, and then
 * not sent again; a failed Set counts the sweep's error, reaches the stage's log and leaves the block unknown; no
 * route means no Set, an error and the stage's word; held content is what was sent or what the port answered; a
 * Set that writes many blocks records its content in all of them.
 */
class BlockSyncTest {

    @TempDir
    Path dir;

    private final List<String> log = new ArrayList<>();
    private Topology fabric;
    private int sw;
    private int ca;

    @BeforeEach
    void nodes() throws Exception {
        fabric = TopologyShapes.load("fat2:k=4");
        sw = -1;
        ca = -1;
        for (int n = 0; n < fabric.nodeCount(); n++) {
            if (fabric.node(n).kind() == NodeKind.SWITCH && sw < 0) {
                sw = n;
            }
            if (fabric.node(n).kind() == NodeKind.CA && ca < 0) {
                ca = n;
            }
        }
    }

    @Test
    void aBlockThatDiffersIsSetHeldOnceAnsweredAndNotSentAgain() throws Exception {
        try (StageRig rig = discovered()) {
            List<Boolean> sent = new ArrayList<>();
            Consumer<SweepState> lft = state -> {
                Node node = node(state, sw);
                SwitchLft t = node.asSwitch().lft();
                t.setWantedPort(70, 3);
                BlockSync sync = new BlockSync(state, rig.services.smps(),
                        AttributeId.LINEAR_FORWARDING_TABLE, BlockSync.Held.AS_SENT);
                sent.add(sync.sync(state.paths().toNode(node), t, 1, 1, this::failed));
            };
            rig.run(stage(lft));
            assertThat(sent).containsExactly(true);
            assertThat(rig.fabric.lftPort(sw, 70)).isEqualTo(3);
            assertThat(rig.onSm(() -> node(rig.state, sw).asSwitch().lft().blockDiffers(1))).isFalse();

            long before = rig.sent();
            rig.run(stage(lft));
            assertThat(sent).containsExactly(true, false);
            assertThat(rig.sent()).isEqualTo(before);
            assertThat(log).isEmpty();
            assertThat(rig.onSm(rig.state::errors)).isZero();
        }
    }

    @Test
    void aFailedSetCountsTheErrorTellsTheStageAndLeavesTheBlockUnknown() throws Exception {
        try (StageRig rig = discovered()) {
            int pastCap = 30 * 1024 / SwitchLft.BLOCK_SIZE;
            rig.run(stage(state -> {
                Node node = node(state, sw);
                node.asSwitch().lft().setWantedPort(pastCap * SwitchLft.BLOCK_SIZE, 1);
                new BlockSync(state, rig.services.smps(), AttributeId.LINEAR_FORWARDING_TABLE, BlockSync.Held.AS_SENT)
                        .sync(state.paths().toNode(node), node.asSwitch().lft(), pastCap, pastCap, this::failed);
            }));
            assertThat(log).containsExactly("failed " + pastCap + " 0x" + Integer.toHexString(pastCap)
                    + " status InvalidField");
            assertThat(rig.onSm(rig.state::errors)).isEqualTo(1);
            assertThat(rig.onSm(() -> node(rig.state, sw).asSwitch().lft().blockDiffers(pastCap))).isTrue();
        }
    }

    @Test
    void heldDespiteErrorStatusASetAnsweredWithAnErrorIsHeldAndNoError() throws Exception {
        try (StageRig rig = discovered()) {
            byte[] table = new byte[8];
            SlToVlMappingTable.of(1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0).encodeTo(table, 0);
            long pastPorts = SlToVlMappingTable.switchModifier(1, 99);
            List<Boolean> differs = new ArrayList<>();
            List<Integer> errors = new ArrayList<>();
            for (boolean suppress : new boolean[] {false, true}) {
                rig.run(stage(state -> {
                    BlockTable out2 = node(state, sw).port(2).sl2VlTable();
                    out2.forgetHeld();
                    out2.setWanted(1, table, 0);
                    BlockSync sync = new BlockSync(state, rig.services.smps(), AttributeId.SL_TO_VL_MAPPING_TABLE,
                            BlockSync.Held.AS_SENT);
                    (suppress ? sync.heldDespiteErrorStatus() : sync).sync(node(state, sw).port(2), out2, 1,
                            pastPorts, null, failures());
                }));
                differs.add(rig.onSm(() -> node(rig.state, sw).port(2).sl2VlTableIfAny().blockDiffers(1)));
                errors.add(rig.onSm(rig.state::errors));
            }
            assertThat(differs).as("the simulator answers InvalidField: unknown, then held").containsExactly(true,
                    false);
            assertThat(log).as("told once, without suppression").containsExactly(
                    "failed 1 0x" + Long.toHexString(pastPorts) + " status InvalidField");
            assertThat(errors).as("the sweep's errors").containsExactly(1, 0);
        }
    }

    @Test
    void withoutARouteADifferingBlockIsAnErrorAndNothingIsSent() throws Exception {
        try (StageRig rig = discovered()) {
            long before = rig.sent();
            List<Boolean> sent = new ArrayList<>();
            rig.run(stage(state -> {
                PhysPort port = node(state, ca).port(1);
                state.paths().forget(port.node());
                BlockTable t = port.vlArbTable();
                t.setWanted(0, new byte[64], 0);
                t.setHeld(1, new byte[64], 0);
                BlockSync sync = new BlockSync(state, rig.services.smps(),
                        AttributeId.VL_ARBITRATION_TABLE, BlockSync.Held.AS_SENT);
                sent.add(sync.sync(port, t, 0, 0x10000, failures()));
                sent.add(sync.sync(port, t, 1, 0x20000, failures()));
            }));
            assertThat(sent).containsExactly(false, false);
            assertThat(log).as("block 1 is held as wanted").containsExactly("no route 0");
            assertThat(rig.onSm(rig.state::errors)).isEqualTo(1);
            assertThat(rig.sent()).isEqualTo(before);
        }
    }

    @Test
    void theHeldContentIsWhatWasSentOrWhatThePortAnswered() throws Exception {
        try (StageRig rig = discovered()) {
            byte[] tenKeys = new byte[64];
            for (int i = 0; i < 10; i++) {
                tenKeys[2 * i] = (byte) 0x80;
                tenKeys[2 * i + 1] = (byte) (i + 1);
            }
            List<Boolean> differs = new ArrayList<>();
            for (BlockSync.Held held : BlockSync.Held.values()) {
                rig.run(stage(state -> {
                    PhysPort port0 = node(state, sw).port(0);
                    BlockTable t = port0.pKeyTable(1);
                    t.forgetHeld();
                    t.setWanted(0, tenKeys, 0);
                    new BlockSync(state, rig.services.smps(),
                            AttributeId.P_KEY_TABLE, held).sync(port0, t, 0, 0, failures());
                }));
                differs.add(rig.onSm(() -> node(rig.state, sw).port(0).pKeyTableIfAny().blockDiffers(0)));
            }
            assertThat(differs).as("as sent: held; as answered: the switch keeps 8 P_Keys, the answer has 8")
                    .containsExactly(false, true);
            assertThat(rig.fabric.pKeyBlock(sw, 0, 0)).startsWith(0x8001, 0x8002).contains(0x8008).doesNotContain(
                    0x8009);
            assertThat(log).isEmpty();
        }
    }

    @Test
    void aSetWritingManyBlocksRecordsItsContentInEveryOneItCovers() throws Exception {
        try (StageRig rig = discovered()) {
            byte[] table = new byte[8];
            SlToVlMappingTable.of(1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0).encodeTo(table, 0);
            rig.run(stage(state -> {
                Node node = node(state, sw);
                BlockTable out2 = node.port(2).sl2VlTable();
                out2.setWanted(1, table, 0);
                new BlockSync(state, rig.services.smps(),
                        AttributeId.SL_TO_VL_MAPPING_TABLE, BlockSync.Held.AS_SENT).sync(node.port(2),
                        out2, 1, SlToVlMappingTable.switchModifier(1, 2), (content, off) -> {
                            for (int in = 0; in <= node.numPorts(); in++) {
                                out2.setHeld(in, content, off);
                            }
                        }, failures());
            }));
            assertThat(rig.fabric.sl2Vl(sw, 1, 2)).startsWith(1, 2, 3, 4, 5, 6, 7, 0);
            rig.onSm(() -> {
                BlockTable out2 = node(rig.state, sw).port(2).sl2VlTableIfAny();
                byte[] held = new byte[8];
                for (int in = 0; in < out2.blockCount(); in++) {
                    assertThat(out2.isHeldKnown(in)).as("input %d", in).isTrue();
                    out2.copyHeld(in, held, 0);
                    assertThat(Sl2VlMap.read(held, 0).vl(0)).isEqualTo(1);
                }
                return null;
            });
        }
    }

    private StageRig discovered() throws Exception {
        StageRig rig = new StageRig(fabric, dir);
        DiscoveryStage d = rig.discovery();
        rig.run(d, new DropManager(rig.services, d));
        return rig;
    }

    private Node node(SweepState state, int n) {
        return state.subnet().node(fabric.node(n).nodeGuid());
    }

    private void failed(int block, long modifier, String why) {
        log.add("failed " + block + " 0x" + Long.toHexString(modifier) + " " + why);
    }

    private BlockSync.PortFailures failures() {
        return new BlockSync.PortFailures() {
            @Override
            public void noRoute(int block) {
                log.add("no route " + block);
            }

            @Override
            public void failed(int block, long modifier, String why) {
                BlockSyncTest.this.failed(block, modifier, why);
            }
        };
    }

    /** A stage that runs {@code body} on the SM thread. */
    private static SweepStage stage(Consumer<SweepState> body) {
        return new SweepStage() {
            @Override
            public String name() {
                return "block-sync-test";
            }

            @Override
            public StageOutcome run(SweepState state) {
                body.accept(state);
                return StageOutcome.CONTINUE;
            }
        };
    }
}
