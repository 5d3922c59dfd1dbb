package dev.jsm.daemon.route;

import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PersistedRouting;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.Switch;
import dev.jsm.subnet.SwitchAttributes;
import dev.jsm.subnet.SwitchLft;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * At the first master sweep after a start, decides which switches still hold the persisted routing's tables, so that
 * the LFT programmer sends only the blocks that differ from them instead of every block ("no changed LFT block sent
 * when the switches still hold the tables"). A restarted SM does not know what the switches hold; it trusts the
 * persisted tables of a switch when:
 * <ul>
 *   <li>the done mark matched the file at start ({@link RoutingPersistence#takeTrusted}): the SM that wrote it left
 *       the switches holding those tables, and no takeover happened since;</li>
 *   <li>the switch's LinearFDBTop, as discovery read it, equals the persisted table's top;</li>
 *   <li>one LFT block, chosen at random per switch, read now with a Get, equals the persisted block.</li>
 * </ul>
 * The trusted switch's blocks up to its top are then recorded as held ({@link SwitchLft#setHeld}). Any other switch
 * gets every block, as before.
 *
 * <p>Confined to the SM thread (the Gets are answered there).
 *
 * <p>In detail: docs/design/daemon.md#heldlftsampler.
 */
public final class HeldLftSampler implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(HeldLftSampler.class);

    private final StageServices services;
    private final RoutingPersistence persistence;
    private final SplittableRandom random = new SplittableRandom();
    private PersistedRouting persisted;
    private int sampled;
    private int trusted;

    /**
     * @param services the SMP sender (the LFT Gets)
     * @param persistence where the persisted tables come from, once
     */
    public HeldLftSampler(StageServices services, RoutingPersistence persistence) {
        this.services = services;
        this.persistence = persistence;
    }

    @Override
    public String name() {
        return "held-lft-sampling";
    }

    @Override
    public StageOutcome run(SweepState state) {
        persisted = persistence.takeTrusted();
        if (persisted == null) {
            return StageOutcome.CONTINUE;
        }
        sampled = 0;
        trusted = 0;
        for (Node node : state.subnet().nodes()) {
            if (node.isSwitch()) {
                sample(state, node);
            }
        }
        return StageOutcome.CONTINUE;
    }

    private void sample(SweepState state, Node node) {
        int sw = persisted.input().switchIndexOf(node.nodeGuid());
        Switch s = node.asSwitch();
        SwitchAttributes a = s.attributes();
        DrPath path = state.paths().toNode(node);
        if (sw < 0 || a == SwitchAttributes.NONE || path == null) {
            return;
        }
        byte[] row = persisted.tables().lft(sw);
        int top = Math.min(top(row), a.linearFdbCap() - 1);
        if (top <= 0 || top != a.linearFdbTop()) {
            return;
        }
        int blocks = top / SwitchLft.BLOCK_SIZE + 1;
        int block = random.nextInt(blocks);
        sampled++;
        services.smps().get(path, AttributeId.LINEAR_FORWARDING_TABLE, block, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad != null && Arrays.equals(mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + SwitchLft.BLOCK_SIZE,
                    block(row, block), 0, SwitchLft.BLOCK_SIZE)) {
                for (int b = 0; b < blocks; b++) {
                    s.lft().setHeld(b, block(row, b), 0);
                }
                trusted++;
            }
        });
    }

    /** Logs how many switches were trusted, once their Gets are answered; then releases the persisted tables. */
    @Override
    public StageOutcome finish(SweepState state) {
        if (persisted != null) {
            LOG.info("persisted LFTs trusted on {} switches ({} sampled with one LFT block Get, {} switches in the "
                    + "file); the others get every block. A switch another SM reprogrammed outside the sampled block "
                    + "would go unnoticed: delete {}.done to trust none", trusted, sampled,
                    persisted.input().switchCount(), persistence.file());
            persisted = null;
        }
        return StageOutcome.CONTINUE;
    }

    /** The highest LID with a route in {@code row}, 0 if none (the LinearFDBTop the programmer set). */
    private static int top(byte[] row) {
        for (int lid = row.length - 1; lid > 0; lid--) {
            if ((row[lid] & 0xFF) != LftTables.NO_PATH) {
                return lid;
            }
        }
        return 0;
    }

    /** Block {@code b} of {@code row}, padded with {@link LftTables#NO_PATH} past its end. */
    private static byte[] block(byte[] row, int b) {
        byte[] out = new byte[SwitchLft.BLOCK_SIZE];
        Arrays.fill(out, (byte) LftTables.NO_PATH);
        int from = b * SwitchLft.BLOCK_SIZE;
        System.arraycopy(row, from, out, 0, Math.max(0, Math.min(SwitchLft.BLOCK_SIZE, row.length - from)));
        return out;
    }
}
