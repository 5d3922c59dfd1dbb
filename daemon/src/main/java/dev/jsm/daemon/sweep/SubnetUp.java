package dev.jsm.daemon.sweep;

import dev.jsm.daemon.dump.DumpFiles;
import dev.jsm.daemon.log.LogLevels;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The end of a heavy sweep (FACTS 1.3 step 16): if any Set failed, "Errors during initialization" and another heavy
 * sweep; otherwise publish the {@link SubnetSnapshot} for readers, log {@code SUBNET UP} (at INFO, {@code 0x02}, as
 * OpenSM 3.3.23 does), write the dump files and tell the listeners. OpenSM writes the dumps first; here the line
 * comes as soon as the fabric is configured, the files a moment later.
 *
 * <p>Confined to the SM thread.
 */
public final class SubnetUp implements SweepStage {

    private static final Logger LOG = LogManager.getLogger(SubnetUp.class);

    @Override
    public String name() {
        return "subnet-up";
    }

    @Override
    public StageOutcome run(SweepContext ctx) {
        int sweep = ctx.subnet().currentSweep();
        if (ctx.sweepErrors() > 0) {
            LOG.log(LogLevels.SYS, "Errors during initialization");
            LOG.error("SM-0604 {} errors in heavy sweep {}; sweeping again", ctx.sweepErrors(), sweep);
            ctx.listeners().forEach(l -> l.sweepFailed(sweep, ctx.sweepErrors() + " errors"));
            return StageOutcome.RESWEEP;
        }
        SubnetSnapshot snapshot = SubnetSnapshot.of(ctx.subnet());
        ctx.publish(snapshot);
        LOG.info("SUBNET UP");
        ctx.sm().markFirstMasterSweepDone();
        DumpFiles.write(ctx.settings().dumpDir(), snapshot, ctx.options().logFlags(), ctx.options().lmc());
        ctx.listeners().forEach(l -> l.subnetUp(snapshot, sweep));
        return StageOutcome.CONTINUE;
    }
}
