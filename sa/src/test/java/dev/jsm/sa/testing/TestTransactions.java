package dev.jsm.sa.testing;

import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.txn.MadTransactions;
import dev.jsm.mad.txn.TransactionSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The transactions layers of a test's SA agents, closed together at the end of the test ({@code @AutoClose}): an
 * agent sends its Reports through one. A test that feeds its agent directly installs its own receiver on the channel
 * after this layer took it; such an agent's Reports are sent, but their ReportResps never reach the layer.
 *
 * <p>Confined to the test thread.
 */
public final class TestTransactions implements AutoCloseable {

    private final List<MadTransactions> opened = new ArrayList<>();

    /** A layer on {@code channel} with OpenSM's default timing, outcomes run where they complete. */
    public MadTransactions on(MadChannel channel) {
        MadTransactions t = new MadTransactions(channel, TransactionSettings.defaults(), Runnable::run);
        opened.add(t);
        return t;
    }

    @Override
    public void close() {
        opened.forEach(MadTransactions::close);
    }
}
