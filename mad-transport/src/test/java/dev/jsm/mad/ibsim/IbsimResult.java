package dev.jsm.mad.ibsim;

import java.util.List;

/**
 * What one {@link IbsimHarness} run produced.
 *
 * @param exitCode the child's exit status (97/98: ibsim failed to start; -1 after a timeout)
 * @param stdout the child's standard output
 * @param stderr the child's standard error, plus the wrapper's own messages
 * @param ibsimLog ibsim's output (its console, warnings and routing failures)
 * @param timedOut whether the run hit the harness timeout and was killed
 */
public record IbsimResult(int exitCode, String stdout, String stderr, String ibsimLog, boolean timedOut) {

    /** The stdout lines that start with {@code prefix}, in order. */
    public List<String> lines(String prefix) {
        return stdout.lines().filter(l -> l.startsWith(prefix)).toList();
    }

    /** Whether ibsim itself failed to come up (so the child never ran). */
    public boolean ibsimFailed() {
        return exitCode == IbsimScript.IBSIM_DIED || exitCode == IbsimScript.IBSIM_NOT_READY;
    }

    /** A summary for assertion messages: status, child stderr and the tail of ibsim's log. */
    public String describe() {
        List<String> log = ibsimLog.lines().toList();
        String tail = String.join("\n", log.subList(Math.max(0, log.size() - 20), log.size()));
        return "exit " + exitCode + (timedOut ? " (timed out)" : "") + "\n--- stderr ---\n" + stderr
                + "\n--- ibsim log (tail) ---\n" + tail;
    }
}
