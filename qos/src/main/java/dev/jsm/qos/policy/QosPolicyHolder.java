package dev.jsm.qos.policy;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The QoS policy in force, re-read at every heavy sweep. A file with an error is rejected as a whole and the last
 * good policy <em>stays in force</em> (OpenSM instead drops to no policy); the outcome says so, for the log. An
 * unchanged file is not parsed again. A missing file means no policy (as in OpenSM: the default
 * {@code /etc/opensm/qos-policy.conf} need not exist).
 *
 * <p>Thread-safe: {@link #reload} runs on the sweep thread; {@link #current} may be read from any thread.
 */
public final class QosPolicyHolder {

    /** What a {@link #reload} did. */
    public enum Status {
        /** The file was read and is now in force. */
        LOADED,
        /** The file has not changed since it was last loaded; the policy stays. */
        UNCHANGED,
        /** There is no file: no policy is in force. */
        ABSENT,
        /** The file could not be read or has an error; the previous policy (if any) stays in force. */
        REJECTED
    }

    /**
     * The outcome of a reload.
     *
     * @param status what happened
     * @param inForce the policy in force afterwards, or {@code null} if none
     * @param message a one-line description for the log (for {@link Status#REJECTED}: {@code file:line:column:
     *     problem} and which policy stays)
     */
    public record Outcome(Status status, QosPolicy inForce, String message) {
    }

    private volatile QosPolicy current;
    private String currentText;

    /** A holder with no policy in force. */
    public QosPolicyHolder() {
    }

    /** The policy in force, or {@code null} if none. */
    public QosPolicy current() {
        return current;
    }

    /**
     * Re-reads the policy file.
     *
     * @param file the policy file ({@code qos_policy_file})
     * @return what happened, for the log
     */
    public synchronized Outcome reload(Path file) {
        String text;
        try {
            text = QosPolicyParser.readText(file);
        } catch (NoSuchFileException e) {
            current = null;
            currentText = null;
            return new Outcome(Status.ABSENT, null, file + ": not found; no QoS policy in force");
        } catch (IOException e) {
            return rejected(file + ": cannot read: " + e.getMessage());
        }
        return accept(file.toString(), text);
    }

    /**
     * Takes policy text as if read from a file (for callers that read it themselves, and for tests).
     *
     * @param source the name to use in messages
     * @param text the file's contents
     * @return what happened, for the log
     */
    public synchronized Outcome accept(String source, String text) {
        if (current != null && text.equals(currentText) && source.equals(current.source())) {
            return new Outcome(Status.UNCHANGED, current, source + ": unchanged");
        }
        try {
            QosPolicy policy = QosPolicyParser.parse(source, text);
            current = policy;
            currentText = text;
            return new Outcome(Status.LOADED, policy, "loaded " + policy);
        } catch (QosPolicyException e) {
            return rejected(e.getMessage());
        }
    }

    private Outcome rejected(String problem) {
        QosPolicy kept = current;
        return new Outcome(Status.REJECTED, kept, problem + (kept == null ? "; no QoS policy in force"
                : "; keeping the last good policy " + kept));
    }
}
