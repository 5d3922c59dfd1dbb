package dev.jsm.daemon.sweep;

import dev.jsm.subnet.EndPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * What the stages of a sweep work on, handed to each stage by the pipeline: the mutable {@link Subnet} and the directed
 * routes to its nodes ({@link PathBook}), which live from sweep to sweep, the SM's own port in it, and what belongs to
 * this sweep alone - its error count and its {@link SubnetSnapshot}, the one copy of the model taken when the
 * fabric's shape and LIDs are final. {@link #begin} starts a sweep. The services the stages call (the SMP sender, the
 * options, ...) are not here: {@link StageServices}, given to each stage that uses them when it is built.
 *
 * <p>Confined to the SM thread.
 */
public final class SweepState {

    private final Subnet subnet = new Subnet();
    private final PathBook paths = new PathBook();
    private final long smPortGuid;
    /** This sweep's copy of the model, in a holder of its own: see {@link #snapshotSlot}. */
    private AtomicReference<SubnetSnapshot> snapshot = new AtomicReference<>();
    private int errors;

    /** @param smPortGuid GUID of the local port the SM runs on */
    public SweepState(long smPortGuid) {
        this.smPortGuid = smPortGuid;
    }

    /** The fabric model. */
    public Subnet subnet() {
        return subnet;
    }

    /** Directed routes to nodes and CA ports. */
    public PathBook paths() {
        return paths;
    }

    /** GUID of the SM's own port. */
    public long smPortGuid() {
        return smPortGuid;
    }

    /** The SM's own end port, or {@code null} until discovery found it. */
    public EndPort smPort() {
        return subnet.endPort(smPortGuid);
    }

    /** Starts a new sweep: no errors counted, no snapshot taken yet. */
    public void begin() {
        errors = 0;
        snapshot = new AtomicReference<>();
    }

    /**
     * Copies the model once the fabric's shape and LIDs are final for this sweep ({@link SnapshotStage}); the
     * stages after it read {@link #snapshot()} instead of copying the model again.
     */
    public void takeSnapshot() {
        snapshot.set(SubnetSnapshot.of(subnet));
    }

    /**
     * Replaces this sweep's copy of the model with {@code refreshed}, the same copy refreshed after the sweep's Sets
     * ({@link SubnetSnapshot#refreshed}): at SUBNET UP, so that the copy of before the Sets - every port's attributes
     * as they were before the link manager and the activation changed them, 19 MB at 11664 hosts - is not kept until
     * the next sweep.
     */
    public void replaceSnapshot(SubnetSnapshot refreshed) {
        snapshot.set(refreshed);
    }

    /**
     * This sweep's copy of the model as it will stand: the copy taken, or after SUBNET UP its refreshed copy
     * ({@link #replaceSnapshot}). For a stage that keeps the fabric it worked on until the next sweep, to compare
     * (nodes, links and LIDs, which a refresh does not change): it then keeps one copy of every port, not two.
     */
    public Supplier<SubnetSnapshot> snapshotSlot() {
        return snapshot::get;
    }

    /**
     * This sweep's copy of the model, taken after the LID manager.
     *
     * @throws IllegalStateException if it was not taken yet in this sweep
     */
    public SubnetSnapshot snapshot() {
        SubnetSnapshot s = snapshot.get();
        if (s == null) {
            throw new IllegalStateException("no snapshot taken in this sweep yet");
        }
        return s;
    }

    /**
     * Counts a failed Set or another error that makes this sweep's configuration incomplete (OpenSM's
     * {@code subnet_initialization_error}): no SUBNET UP, and another heavy sweep follows.
     */
    public void recordError() {
        errors++;
    }

    /** Errors counted in this sweep. */
    public int errors() {
        return errors;
    }
}
