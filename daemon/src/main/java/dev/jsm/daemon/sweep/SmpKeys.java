package dev.jsm.daemon.sweep;

import dev.jsm.mad.codec.DrPath;

/**
 * The M_Keys an SMP presents (IBA 14.2.4), as {@link SmpSender} asks for them: the keys to try along a route, in
 * order, and what became of them. The sweep package owns it so that the sender needs no M_Key management; the M_Key
 * book ({@code dev.jsm.daemon.mkey.MKeyBook}) implements it, and {@link #fixed} presents one key to every port.
 *
 * <p>Called on the SM thread.
 */
public interface SmpKeys {

    /** The keys to present along {@code path}, in the order to try them, without repeats; to be read, not changed. */
    long[] candidates(DrPath path);

    /** The port at the end of {@code path} answered {@code key} after it did not answer {@code tried}. */
    void answered(DrPath path, long key, long tried);

    /** The port at the end of {@code path} answered none of {@code tried}. */
    void unreachable(DrPath path, long[] tried);

    /** The one key {@code mKey} for every SMP (the {@code m_key} option; 0 without M_Key management). */
    static SmpKeys fixed(long mKey) {
        long[] keys = {mKey};
        return new SmpKeys() {
            @Override
            public long[] candidates(DrPath path) {
                return keys;
            }

            @Override
            public void answered(DrPath path, long key, long tried) {
            }

            @Override
            public void unreachable(DrPath path, long[] tried) {
            }
        };
    }
}
