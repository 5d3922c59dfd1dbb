package dev.jsm.daemon.mkey;

import dev.jsm.conf.MiscOptions;
import dev.jsm.daemon.sweep.StageOutcome;
import dev.jsm.daemon.sweep.StageServices;
import dev.jsm.daemon.sweep.SweepState;
import dev.jsm.daemon.sweep.SweepStage;

/**
 * Writes {@code guid2mkey} once the link manager and the activator have set the ports' M_Keys (OpenSM stores its
 * {@code guid2mkey} domain at the end of a sweep too): only with {@code m_key} set and {@code m_key_lookup} TRUE,
 * and only when a key changed ({@link MKeyBook#flush}).
 *
 * <p>Confined to the SM thread.
 */
public final class MKeyPersister implements SweepStage {

    private final StageServices services;
    private final MKeyBook mKeys;

    /**
     * @param services the options ({@code fsync_high_avail_files})
     * @param mKeys the M_Key book whose keys it writes
     */
    public MKeyPersister(StageServices services, MKeyBook mKeys) {
        this.services = services;
        this.mKeys = mKeys;
    }

    @Override
    public String name() {
        return "guid2mkey";
    }

    @Override
    public StageOutcome run(SweepState state) {
        mKeys.flush(services.options().get(MiscOptions.FSYNC_HIGH_AVAIL_FILES));
        return StageOutcome.CONTINUE;
    }
}
