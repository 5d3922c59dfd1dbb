package dev.jsm.daemon.sm;

import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.smp.SmInfo;
import java.util.Objects;

/**
 * Another SM as this SM last heard from it: its SMInfo (port GUID, SM_Key, ActCount, priority, state), the directed
 * route to its port (for polls, HANDOVER and ACKNOWLEDGE) and its port's LID (for Trap 144).
 *
 * <p>Immutable; safe to share.
 *
 * @param info its SMInfo as last answered; state NOTACTIVE when its last query went unanswered
 * @param path directed route to its port
 * @param portNum its port's number (the PortInfo that tells its LID)
 * @param lid its port's base LID, 0 if unknown
 * @param seenMillis wall-clock time of its last answer
 */
public record RemoteSm(SmInfo info, DrPath path, int portNum, int lid, long seenMillis) {

    /** Checks the fields that are never absent. */
    public RemoteSm {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(path, "path");
    }

    /** Its port GUID. */
    public long guid() {
        return info.guid();
    }

    /** Its state. */
    public SmState state() {
        return SmState.fromWire(info.smState());
    }

    /** Its priority. */
    public int priority() {
        return info.priority();
    }

    /** The same SM with what it answered now. */
    public RemoteSm answered(SmInfo now) {
        return new RemoteSm(now, path, portNum, lid, System.currentTimeMillis());
    }

    /** The same SM whose port has LID {@code newLid}. */
    public RemoteSm withLid(int newLid) {
        return new RemoteSm(info, path, portNum, newLid, seenMillis);
    }

    /** The same SM, marked NOTACTIVE: its query went unanswered, so it is no candidate for master. */
    public RemoteSm silent() {
        return new RemoteSm(new SmInfo(info.guid(), info.smKey(), info.actCount(), info.priority(),
                SmInfo.STATE_NOT_ACTIVE), path, portNum, lid, seenMillis);
    }
}
