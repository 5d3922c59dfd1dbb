package dev.jsm.daemon.publish;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.mcast.MftProgrammer;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;
import dev.jsm.daemon.view.FabricView;

/**
 * The end of a multicast update (the stage after {@link MftProgrammer} with {@link MftProgrammer.Scope#CHANGED}):
 * when groups changed, the view published last with its snapshot refreshed from the model - the MFT blocks
 * the switches now hold - goes to the listeners as {@code viewUpdated} (the SA answers MulticastForwardingTable
 * records from it), and {@code opensm.mcfdbs} is written again (with {@code log_flags} ROUTING), as OpenSM's
 * multicast manager does after each run. No SUBNET UP: nothing else was configured.
 *
 * <p>Confined to the SM thread.
 */
public final class McastViewUpdate implements SweepStage {

    private final StageServices services;
    private final MftProgrammer mfts;
    private final SubnetUp published;

    /**
     * @param services the options and the dump directory ({@code opensm.mcfdbs})
     * @param mfts the multicast update's stage (whether it had groups to recompute)
     * @param published the view published last, which this update replaces
     */
    public McastViewUpdate(StageServices services, MftProgrammer mfts, SubnetUp published) {
        this.services = services;
        this.mfts = mfts;
        this.published = published;
    }

    @Override
    public String name() {
        return "mcast-view-update";
    }

    @Override
    public StageOutcome run(SweepState state) {
        FabricView last = published.published();
        if (last == null || !mfts.changedAny()) {
            return StageOutcome.CONTINUE;
        }
        FabricView view = published.republish(state, last.routing());
        DumpFiles.writeMcfdbs(services.dumpDir(), view.snapshot(), services.options().logFlags());
        return StageOutcome.CONTINUE;
    }
}
