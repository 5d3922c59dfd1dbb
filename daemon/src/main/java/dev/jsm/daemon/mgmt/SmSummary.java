package dev.jsm.daemon.mgmt;

import dev.jsm.daemon.sm.RemoteSm;
import dev.jsm.daemon.sm.SmState;
import dev.jsm.mad.channel.LocalPort;
import java.util.List;

/**
 * This SM among the others, as the management port shows it, read at one moment.
 *
 * <p>Immutable; safe to share.
 *
 * @param state this SM's state
 * @param priority this SM's priority
 * @param master whether this SM is master
 * @param masterGuid the master's port GUID when another SM is master, 0 when none is known
 * @param others the other SMs known
 * @param polls SMInfo polls of the master sent so far
 * @param port the local port the SM is bound to
 */
public record SmSummary(SmState state, int priority, boolean master, long masterGuid, List<RemoteSm> others,
                        long polls, LocalPort port) {

    /** Copies the list of other SMs. */
    public SmSummary {
        others = List.copyOf(others);
    }
}
