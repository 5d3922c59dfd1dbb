package dev.jsm.daemon.link;

import dev.jsm.daemon.sweep.Replies;
import dev.jsm.daemon.sweep.SmpSender;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.GuidInfo;
import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Guid;
import java.util.Arrays;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Writes alias GUIDs to a port: the GUIDInfo Set of one block (IBA 14.2.5.5) that OpenSM sends when a
 * GUIDInfoRecord Set or Delete changed a port's aliases (docs/routers.md). The SA decides the block, with its
 * {@code sm_assigned_guid} GUIDs; this carries it to the port along the port's directed route. A port that refuses
 * the Set, or answers with other GUIDs, is logged; the SA's records stay as the SA decided.
 *
 * <p>Confined to the SM thread.
 */
public final class AliasGuidWriter {

    private static final Logger LOG = LogManager.getLogger(AliasGuidWriter.class);

    private final SweepState state;
    private final SmpSender smps;

    /**
     * @param state the model: where the port is and the directed route to it
     * @param smps the SMP sender
     */
    public AliasGuidWriter(SweepState state, SmpSender smps) {
        this.state = state;
        this.smps = smps;
    }

    /** Sets block {@code block} of port {@code portGuid}'s GUIDInfo to {@code guids} (8 GUIDs). */
    public void write(long portGuid, int block, long[] guids) {
        EndPort port = state.subnet().endPort(portGuid);
        DrPath path = port == null ? null : state.paths().toPort(port.physPort());
        if (path == null) {
            LOG.warn("GUIDInfo block {} of port {} not written: the port is not in the model", block,
                    Guid.toString(portGuid));
            return;
        }
        GuidInfo info = new GuidInfo(guids);
        smps.set(path, AttributeId.GUID_INFO, GuidInfo.modifier(block), info::encodeTo, outcome -> {
            byte[] mad = Replies.okMad(outcome);
            if (mad == null) {
                if (!Replies.isClosed(outcome)) {
                    LOG.error("GUIDInfo Set of block {} of port {} failed: {}", block, Guid.toString(portGuid),
                            Replies.failure(outcome));
                }
                return;
            }
            GuidInfo held = GuidInfo.decode(mad, Smp.DATA_OFFSET);
            if (!held.equals(info)) {
                LOG.warn("port {} holds GUIDInfo block {} as {}, not the {} the SA set", Guid.toString(portGuid),
                        block, hex(held.guids()), hex(guids));
            } else {
                LOG.info("GUIDInfo block {} of port {} set: {}", block, Guid.toString(portGuid),
                        hex(guids));
            }
        });
    }

    private static List<String> hex(long[] guids) {
        return Arrays.stream(guids).mapToObj(Guid::toString).toList();
    }
}
