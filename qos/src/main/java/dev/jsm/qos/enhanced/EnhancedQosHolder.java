package dev.jsm.qos.enhanced;

import dev.jsm.qos.policy.QosPolicyException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The enhanced QoS policy in force ({@code enhanced_qos_policy_file}, docs/enhanced-qos.md), re-read at every heavy
 * sweep. A file that cannot be read or has an error is rejected as a whole and the last good policy stays in force;
 * the outcome says so with {@code file:line:column}, for the log. An unchanged file is not parsed again. No file
 * configured means no policy: the SM then sends no QoSConfigSL and ports keep the limits they have.
 *
 * <p>Thread-safe: {@link #reload} runs on the sweep thread; {@link #current} may be read from any thread.
 */
public final class EnhancedQosHolder {

    /** What a {@link #reload} did. */
    public enum Status {
        /** The file was read and is now in force. */
        LOADED,
        /** The file has not changed since it was last loaded; the policy stays. */
        UNCHANGED,
        /** No file is configured: no policy is in force. */
        DISABLED,
        /** The file could not be read or has an error; the previous policy (if any) stays in force. */
        REJECTED
    }

    /**
     * The outcome of a reload.
     *
     * @param status what happened
     * @param inForce the policy in force afterwards, or {@code null} if none
     * @param message a one-line description for the log
     */
    public record Outcome(Status status, EnhancedQosPolicy inForce, String message) {
    }

    private volatile EnhancedQosPolicy current;
    private String currentText;

    /** The policy in force, or {@code null} if none. */
    public EnhancedQosPolicy current() {
        return current;
    }

    /**
     * Re-reads the policy file.
     *
     * @param file the file ({@code enhanced_qos_policy_file}), or {@code null} if none is configured
     */
    public synchronized Outcome reload(Path file) {
        if (file == null) {
            current = null;
            currentText = null;
            return new Outcome(Status.DISABLED, null, "no enhanced_qos_policy_file: no enhanced QoS policy in force");
        }
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
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
     */
    public synchronized Outcome accept(String source, String text) {
        if (current != null && text.equals(currentText) && source.equals(current.source())) {
            return new Outcome(Status.UNCHANGED, current, source + ": unchanged");
        }
        try {
            EnhancedQosPolicy policy = EnhancedQosParser.parse(source, text);
            current = policy;
            currentText = text;
            return new Outcome(Status.LOADED, policy, "loaded " + policy);
        } catch (QosPolicyException e) {
            return rejected(e.getMessage());
        }
    }

    private Outcome rejected(String problem) {
        EnhancedQosPolicy kept = current;
        return new Outcome(Status.REJECTED, kept, problem + (kept == null ? "; no enhanced QoS policy in force"
                : "; keeping the last good " + kept));
    }
}
