package dev.jsm.mad.txn;

import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.codec.DrPath;

/**
 * The fabric behind the channel an {@link AbstractMadTransactionsContractTest} subclass tests, and what the tests
 * need to know about it: routes of every length, the NodeGuids at their ends, a route it cannot deliver, loss.
 */
public interface FabricUnderTest extends AutoCloseable {

    /** Opens the channel the transactions run on (once per test). */
    MadChannel openChannel();

    /** The longest directed route {@link #route} offers. */
    int maxHops();

    /** A directed route of exactly {@code hops} hops from the channel's port that reaches a node. */
    DrPath route(int hops);

    /** The NodeGuid the node at the end of {@code route} reports in NodeInfo. */
    long nodeGuid(DrPath route);

    /** A route the fabric cannot deliver: the channel hands it back with status 110 at once. */
    DrPath unroutableRoute();

    /** Loses requests and responses at these rates from a random sequence seeded with {@code seed}. */
    void setLoss(double requestRate, double responseRate, long seed);

    @Override
    void close();
}
